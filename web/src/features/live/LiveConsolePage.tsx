import {
  ArrowLeftOutlined,
  BarChartOutlined,
  CaretRightOutlined,
  GlobalOutlined,
  StopOutlined,
} from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Col, Result, Row, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { toast } from '../../app/notify';
import { LocaleLink } from '../../app/useLocale';
import { FullScreenLoader } from '../../components/FullScreenLoader';
import { isApiError } from '../../lib/api';
import { useLiveEvents } from '../../lib/liveEvents';
import { useShopSettings } from '../settings/api';
import { liveKeys, useLiveComments, useLiveSession, useLiveSessionAction } from './api';
import { CommentFeed } from './CommentFeed';
import { useCartDurationText, useSessionTitle } from './format';
import { IngestCard } from './IngestCard';
import { LiveSimulator } from './LiveSimulator';
import { LiveStatusTag } from './LiveStatusTag';
import { SessionSources } from './SessionSources';
import { useConfirmStop } from './useConfirmStop';

/** /liveselling/:id: one session's console: status, ingest details, simulator and comment feed. */
export default function LiveConsolePage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const id = Number(useParams().id);
  const session = useLiveSession(id);
  const live = session.data?.status === 'live';
  const comments = useLiveComments(id, live);
  const start = useLiveSessionAction('start');
  const confirmStop = useConfirmStop();
  const cartDuration = useCartDurationText();
  const sessionTitle = useSessionTitle();
  // the language the viewers' private replies go out in (the shop's, not this screen's)
  const shop = useShopSettings({ silent: true });

  // a busy live sends many events: an update already on its way is reused, not restarted
  const refresh = (key: readonly unknown[]) =>
    void qc.invalidateQueries({ queryKey: key }, { cancelRefetch: false });
  useLiveEvents((e) => {
    if ((e.type === 'comments' || e.type === 'cart') && e.sessionId === id) {
      refresh(liveKeys.comments(id));
      refresh(liveKeys.detail(id));
    } else if (e.type === 'session' && e.sessionId === id) {
      refresh(liveKeys.detail(id));
    }
  });

  if (session.isPending) return <FullScreenLoader />;
  const s = session.data;
  if (!s) {
    const notFound = isApiError(session.error) && session.error.status === 404;
    return (
      <Result
        status={notFound ? '404' : 'error'}
        title={notFound ? t('live.sessionNotFound') : t('errors.internal')}
        extra={<LocaleLink to="/liveselling">{t('live.backToList')}</LocaleLink>}
      />
    );
  }

  const title = sessionTitle(s);
  return (
    <div data-testid={`live-console-page-${s.id}`}>
      <LocaleLink to="/liveselling">
        <ArrowLeftOutlined /> {t('live.backToList')}
      </LocaleLink>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginTop: 8 }} wrap>
        <Space align="center" wrap>
          <Typography.Title level={1} style={{ margin: 0 }} data-testid="console-title">
            {title.title}
          </Typography.Title>
          <LiveStatusTag status={s.status} testId="console-status" />
          {title.planned && (
            <Typography.Text type="secondary" data-testid="console-planned">
              {title.planned}
            </Typography.Text>
          )}
        </Space>
        <Space wrap>
          {s.status !== 'scheduled' && (
            <LocaleLink
              to={`/liveselling/${s.id}/report`}
              className="ant-btn ant-btn-default"
              data-testid={`console-report-${s.id}`}
            >
              <BarChartOutlined /> {t('liveReport.open')}
            </LocaleLink>
          )}
          {s.status === 'scheduled' && (
            <Button
              type="primary"
              icon={<CaretRightOutlined />}
              loading={start.isPending}
              onClick={() =>
                start.mutate(s.id, { onSuccess: () => toast('success', t('live.sessionStarted')) })
              }
              data-testid={`live-start-${s.id}`}
            >
              {t('live.start')}
            </Button>
          )}
          {s.status === 'live' && (
            <Button
              danger
              icon={<StopOutlined />}
              onClick={() => confirmStop(s.id)}
              data-testid={`live-stop-${s.id}`}
            >
              {t('live.stop')}
            </Button>
          )}
        </Space>
      </Space>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {t('live.consoleSummary', { duration: cartDuration(s.order_timer), participants: s.participants })}
      </Typography.Paragraph>
      <SessionSources sources={s.sources ?? []} />
      {shop.data && (
        <Typography.Paragraph type="secondary" data-testid="console-shop-locale">
          <GlobalOutlined /> {t(`live.shopLocale.${shop.data.shop_locale}`)} ·{' '}
          <LocaleLink to="/settings" data-testid="console-shop-locale-change">
            {t('live.shopLocaleChange')}
          </LocaleLink>
        </Typography.Paragraph>
      )}
      <Row gutter={[16, 16]}>
        <Col xs={{ span: 24, order: 1 }} xl={{ span: 12, order: 1 }}>
          <LiveSimulator sessionId={s.id} live={live} example={s.example_comment} />
        </Col>
        {/* on a phone the comments come right after the simulator, the capture details last */}
        <Col xs={{ span: 24, order: 3 }} xl={{ span: 12, order: 2 }}>
          <IngestCard url={s.ingest_url} token={s.ingest_token} example={s.example_comment} />
        </Col>
        <Col xs={{ span: 24, order: 2 }} xl={{ span: 24, order: 3 }}>
          <CommentFeed
            comments={comments.data?.items ?? []}
            count={comments.data?.count ?? 0}
            loading={comments.isPending}
          />
        </Col>
      </Row>
    </div>
  );
}
