import { ROLE } from '@livecart/contract/constants';
import { Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../auth/api';
import { CustomReplies } from './CustomReplies';
import { SystemReplies } from './SystemReplies';

const TABS = ['replies', 'system'] as const;
type ChatbotTab = (typeof TABS)[number];

/**
 * /chatbot (SPEC §2 Chatbot): a seller's own replies to trigger words and their texts of the
 * system replies, in two tabs kept in the address; admin edits the platform's system replies.
 */
export default function ChatbotPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const isAdmin = user?.role_id === ROLE.admin;
  const [search, setSearch] = useSearchParams();
  const tab: ChatbotTab = search.get('tab') === 'system' ? 'system' : 'replies';
  // another tab starts afresh: its own list parameters, no drawer open
  const selectTab = (next: string) => setSearch(next === 'system' ? { tab: next } : {});

  return (
    <div data-testid="chatbot-page">
      <Typography.Title level={1}>{t('chatbot.title')}</Typography.Title>
      {isAdmin ? (
        <SystemReplies isAdmin />
      ) : (
        <Tabs
          activeKey={tab}
          onChange={selectTab}
          items={TABS.map((key) => ({
            key,
            label: <span data-testid={`chatbot-tab-${key}`}>{t(`chatbot.tab.${key}`)}</span>,
            children:
              key !== tab ? null : key === 'system' ? <SystemReplies isAdmin={false} /> : <CustomReplies />,
          }))}
        />
      )}
    </div>
  );
}
