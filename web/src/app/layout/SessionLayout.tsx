import { FullScreenLoader } from '../../components/FullScreenLoader';
import { useSession } from '../../features/auth/api';
import { AppLayout, PublicLayout } from './lazy';

/** Pages open to everyone (the dev mailbox, not found): in the back-office frame when signed in. */
export function SessionLayout() {
  const { user, isLoading } = useSession();
  if (isLoading) return <FullScreenLoader />;
  return user ? <AppLayout /> : <PublicLayout />;
}
