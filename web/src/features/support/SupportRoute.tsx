import { ROLE } from '@livecart/contract/constants';
import { useSession } from '../auth/api';
import { SupportInboxPage } from './SupportInboxPage';
import { SupportPage } from './SupportPage';

/**
 * /support: one address for two screens (SPEC §2 lists it for sellers; the issue gives admin the
 * inbox there). A seller writes to the team and reads the answers; admin reads and answers them.
 */
export default function SupportRoute() {
  const { user } = useSession();
  return user?.role_id === ROLE.admin ? <SupportInboxPage /> : <SupportPage />;
}
