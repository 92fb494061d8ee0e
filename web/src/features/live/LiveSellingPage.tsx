import {
  BarChartOutlined,
  CaretRightOutlined,
  DeleteOutlined,
  DesktopOutlined,
  EditOutlined,
  PlusOutlined,
  StopOutlined,
} from '@ant-design/icons';
import type { TLiveSession } from '@livecart/contract/live';
import type { ButtonProps } from 'antd';
import { Alert, App, Button, Space, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/notify';
import { LocaleLink } from '../../app/useLocale';
import { ButtonLink } from '../../components/ButtonLink';
import { DataTable } from '../../components/DataTable';
import { FullScreenLoader } from '../../components/FullScreenLoader';
import { useListParams } from '../../components/useListParams';
import { useLiveEvents } from '../../lib/liveEvents';
import { LIVE_SESSIONS_DEFAULTS, type TLiveSessionRow, useLiveSessionAction, useLiveSessions } from './api';
import { sessionStart, tokenNeedsResync, useCartDurationText } from './format';
import { type LiveSessionsFilter, LiveSessionsFilters } from './LiveSessionsFilters';
import { LiveStatusTag } from './LiveStatusTag';
import { ScheduleLiveModal } from './ScheduleLiveModal';
import { useConfirmStop } from './useConfirmStop';

/** /liveselling: schedule, list, start, stop, remove live sessions; open a session's console. */
export default function LiveSellingPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const list = useListParams(LIVE_SESSIONS_DEFAULTS);
  const sessions = useLiveSessions(list.params);
  const start = useLiveSessionAction('start');
  const confirmStop = useConfirmStop();
  const remove = useLiveSessionAction('remove');
  const cartDuration = useCartDurationText();
  const [editing, setEditing] = useState<{ session: TLiveSession | null } | null>(null);

  // another tab may start or stop a session
  useLiveEvents((e) => {
    if (e.type === 'session') void sessions.refetch({ cancelRefetch: false });
  });

  const columns = useMemo<ColumnsType<TLiveSessionRow>>(() => {
    const confirmRemove = (s: TLiveSessionRow) =>
      modal.confirm({
        title: t('live.removeTitle'),
        content: t('live.removeText', { date: sessionStart(s).date, time: sessionStart(s).time }),
        okText: t('live.remove'),
        okButtonProps: { danger: true, 'data-testid': 'confirm-ok' } as ButtonProps,
        cancelText: t('live.cancel'),
        onOk: () => remove.mutateAsync(s.id).then(() => toast('success', t('live.sessionRemoved'))),
      });
    const goLive = (s: TLiveSessionRow) =>
      start.mutate(s.id, { onSuccess: () => toast('success', t('live.sessionStarted')) });
    return [
      {
        key: 'event_date',
        title: t('live.eventDate'),
        sorter: true,
        render: (_: unknown, s) => (
          <span data-testid={`live-session-row-${s.id}`} data-status={s.status}>
            {sessionStart(s).date}
          </span>
        ),
      },
      {
        key: 'event_time',
        title: t('live.startTime'),
        // once live, when it really started; the plan beside it when that was another time
        render: (_: unknown, s) => {
          const start = sessionStart(s);
          const planned = start.planned;
          return (
            <>
              <span data-testid={`live-start-time-${s.id}`}>{start.time}</span>
              {planned && (
                <Typography.Text
                  type="secondary"
                  style={{ display: 'block', fontSize: 12 }}
                  data-testid={`live-planned-${s.id}`}
                >
                  {planned.sameDay
                    ? t('live.plannedAt', { time: planned.time })
                    : t('live.plannedOn', { date: planned.date, time: planned.time })}
                </Typography.Text>
              )}
            </>
          );
        },
      },
      {
        key: 'order_timer',
        title: t('live.cartDuration'),
        sorter: true,
        render: (_: unknown, s) => cartDuration(s.order_timer),
      },
      {
        key: 'status',
        title: t('live.statusLabel'),
        sorter: true,
        render: (_: unknown, s) => <LiveStatusTag status={s.status} testId={`live-status-${s.id}`} />,
      },
      { key: 'participants', dataIndex: 'participants', title: t('live.participants'), align: 'right' },
      {
        key: 'actions',
        title: t('live.actions'),
        fixed: 'right',
        render: (_: unknown, s) => (
          <Space size={0}>
            <Tooltip title={t('live.openConsole')}>
              <LocaleLink
                to={`/liveselling/${s.id}`}
                aria-label={t('live.openConsole')}
                data-testid={`live-console-${s.id}`}
                className="ant-btn ant-btn-text ant-btn-icon-only"
              >
                <DesktopOutlined />
              </LocaleLink>
            </Tooltip>
            {s.status !== 'scheduled' && (
              <Tooltip title={t('liveReport.open')}>
                <LocaleLink
                  to={`/liveselling/${s.id}/report`}
                  aria-label={t('liveReport.open')}
                  data-testid={`live-report-${s.id}`}
                  className="ant-btn ant-btn-text ant-btn-icon-only"
                >
                  <BarChartOutlined />
                </LocaleLink>
              </Tooltip>
            )}
            {s.status !== 'closed' && (
              <Tooltip title={t('live.edit')}>
                <Button
                  type="text"
                  icon={<EditOutlined />}
                  aria-label={t('live.edit')}
                  onClick={() => setEditing({ session: s })}
                  data-testid={`live-edit-${s.id}`}
                />
              </Tooltip>
            )}
            {s.status === 'scheduled' && (
              <Tooltip title={t('live.start')}>
                <Button
                  type="text"
                  icon={<CaretRightOutlined />}
                  aria-label={t('live.start')}
                  loading={start.isPending && start.variables === s.id}
                  onClick={() => goLive(s)}
                  data-testid={`live-start-${s.id}`}
                />
              </Tooltip>
            )}
            {s.status === 'live' && (
              <Tooltip title={t('live.stop')}>
                <Button
                  type="text"
                  danger
                  icon={<StopOutlined />}
                  aria-label={t('live.stop')}
                  onClick={() => confirmStop(s.id)}
                  data-testid={`live-stop-${s.id}`}
                />
              </Tooltip>
            )}
            {s.status !== 'live' && (
              <Tooltip title={t('live.remove')}>
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('live.remove')}
                  onClick={() => confirmRemove(s)}
                  data-testid={`live-remove-${s.id}`}
                />
              </Tooltip>
            )}
          </Space>
        ),
      },
    ];
  }, [t, modal, start, confirmStop, remove, cartDuration]);

  const data = sessions.data;
  const resync = tokenNeedsResync(data?.longTokenError, data?.expireTokenAt);

  return (
    <div data-testid="live-selling-page">
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <Typography.Title level={1}>{t('live.title')}</Typography.Title>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setEditing({ session: null })}
          data-testid="schedule-live-button"
        >
          {t('live.scheduleButton')}
        </Button>
      </Space>
      {resync && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="live-token-banner"
          title={t('live.tokenExpired')}
          action={
            <ButtonLink to="/stores" size="small" danger data-testid="live-resync">
              {t('live.resync')}
            </ButtonLink>
          }
        />
      )}
      {sessions.isPending && <FullScreenLoader />}
      <DataTable<TLiveSessionRow>
        list={list}
        data={data}
        loading={sessions.isFetching}
        columns={columns}
        rowKey="id"
        testId="live-sessions-table"
        filters={
          <LiveSessionsFilters
            value={list.params.filter as LiveSessionsFilter}
            onApply={(f) => list.setFilter({ ...f })}
            onReset={list.reset}
          />
        }
      />
      <ScheduleLiveModal
        open={editing !== null}
        session={editing?.session ?? null}
        onClose={() => setEditing(null)}
      />
    </div>
  );
}
