import { FacebookFilled, InstagramOutlined, PlusOutlined } from '@ant-design/icons';
import { STORES_PAGE_SIZE } from '@livecart/contract/constants';
import type { TStore } from '@livecart/contract/stores';
import { App, Avatar, Button, Card, Empty, List, Pagination, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatDate } from '../../app/format';
import { errorText, tDynamic } from '../../app/i18n';
import { toast } from '../../app/notify';
import { useIsPhone } from '../../app/useIsPhone';
import { FullScreenLoader } from '../../components/FullScreenLoader';
import { isApiError } from '../../lib/api';
import { useConnectStart, useDisconnectStore, useSelectStore, useStores, useSyncStore } from './api';
import { followersText } from './format';
import { PagePicker } from './PagePicker';

const TOKEN_COLORS = {
  valid: 'green',
  expiring: 'gold',
  expired: 'red',
  invalid: 'red',
  none: 'default',
} as const;

/** A store's token: valid, expiring on a day, expired or invalid (resynchronise), none (demo). */
function TokenTag({ store }: { store: TStore }) {
  const { t } = useTranslation();
  const state = store.token_state;
  // A demo store needs none: the sandbox keeps its messages.
  const label = store.sandbox ? 'sandbox' : state;
  return (
    <Tag color={TOKEN_COLORS[state]} data-testid={`token-${store.id}`}>
      {t(`stores.tokenState.${label}`, { date: formatDate(store.token_expires_at) })}
    </Tag>
  );
}

function PlatformText({ store }: { store: TStore }) {
  const { t } = useTranslation();
  return store.platform === 'facebook' ? (
    <Space size={4}>
      <FacebookFilled style={{ color: '#1877f2' }} />
      {t('stores.facebook')}
    </Space>
  ) : (
    <Space size={4}>
      <InstagramOutlined style={{ color: '#c13584' }} />
      {t('stores.instagram', { username: store.username ?? '' })}
    </Space>
  );
}

/**
 * My Stores (SPEC §3 Stores): the seller's Facebook pages and Instagram accounts, 20 a page, with
 * "Connect my pages" (Facebook's dialog, or the demo pages without a Meta app), the page picker
 * Facebook's return opens (`?connect=pick`), and per store: sync (or resync when its token was
 * rejected: connecting again when the account's token is rejected too), default store, disconnect.
 */
export default function StoresPage() {
  const { t, i18n } = useTranslation();
  const { modal } = App.useApp();
  const phone = useIsPhone();
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number(search.get('page')) || 1);
  const stores = useStores(page);
  const start = useConnectStart();
  const sync = useSyncStore();
  const select = useSelectStore();
  const disconnect = useDisconnectStore();
  const [picking, setPicking] = useState(false);

  // Back from Facebook: pick the pages, or say why it was refused.
  useEffect(() => {
    const connect = search.get('connect');
    if (!connect) return;
    if (connect === 'pick') setPicking(true);
    else {
      const code = search.get('error') ?? 'facebook_connect_refused';
      toast(
        'error',
        tDynamic(t, `errors.${code}`, t('errors.facebook_connect_refused'), {
          permission: search.get('permission') ?? '',
        }),
      );
    }
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const k of ['connect', 'error', 'permission']) next.delete(k);
        return next;
      },
      { replace: true },
    );
  }, [search, setSearch, t]);

  const connect = () =>
    start.mutate(undefined, {
      onSuccess: (r) => {
        if (r.mode === 'sandbox' || !r.url) setPicking(true);
        else {
          toast('info', t('stores.redirecting'));
          window.location.assign(r.url);
        }
      },
    });

  const runSync = (store: TStore) =>
    sync.mutate(store.id, {
      onSuccess: (r) =>
        toast('success', r.resent ? t('stores.resent', { count: r.resent }) : t('stores.synced')),
      onError: (err) => {
        toast('error', errorText(t, err));
        // The account's token is rejected too: only Facebook's dialog gives a new one.
        if (isApiError(err) && err.code === 'facebook_token_invalid') connect();
      },
    });

  const confirmDisconnect = (store: TStore) =>
    modal.confirm({
      title: t('stores.confirmDisconnect', { name: store.name }),
      content: t('stores.confirmDisconnectText'),
      okText: t('stores.disconnect'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-disconnect' } as never,
      cancelText: t('common.cancel'),
      onOk: () => disconnect.mutateAsync(store.id).then(() => toast('success', t('stores.disconnected'))),
    });

  const actions = (store: TStore) => {
    const rejected = store.token_state === 'expired' || store.token_state === 'invalid';
    return (
      <Space wrap size={4}>
        <Button
          size="small"
          danger={rejected}
          type={rejected ? 'primary' : 'default'}
          loading={sync.isPending && sync.variables === store.id}
          onClick={() => runSync(store)}
          data-testid={`sync-${store.id}`}
        >
          {rejected ? t('stores.resync') : t('stores.sync')}
        </Button>
        {!store.selected && (
          <Button
            size="small"
            onClick={() =>
              select.mutate(store.id, {
                onSuccess: () => toast('success', t('stores.selected', { name: store.name })),
              })
            }
            data-testid={`select-${store.id}`}
          >
            {t('stores.select')}
          </Button>
        )}
        <Button
          size="small"
          danger
          onClick={() => confirmDisconnect(store)}
          data-testid={`disconnect-${store.id}`}
        >
          {t('stores.disconnect')}
        </Button>
      </Space>
    );
  };

  const nameCell = (store: TStore) => (
    <Space wrap size={4}>
      <Typography.Text strong>{store.name}</Typography.Text>
      {store.selected && (
        <Tag color="blue" data-testid={`default-${store.id}`}>
          {t('stores.default')}
        </Tag>
      )}
      {store.sandbox && <Tag>{t('stores.demo')}</Tag>}
    </Space>
  );
  const photo = (store: TStore) => (
    <Avatar src={store.photo ?? undefined} size={40}>
      {store.name.charAt(0)}
    </Avatar>
  );

  const columns: ColumnsType<TStore> = [
    { key: 'photo', title: t('stores.photo'), width: 64, render: (_, s) => photo(s) },
    { key: 'name', title: t('stores.name'), render: (_, s) => nameCell(s) },
    {
      key: 'followers',
      title: t('stores.followers'),
      render: (_, s) => s.follower_count.toLocaleString(i18n.language === 'en' ? 'en-GB' : 'fr-FR'),
    },
    { key: 'platform', title: t('stores.platform'), render: (_, s) => <PlatformText store={s} /> },
    { key: 'token', title: t('stores.token'), render: (_, s) => <TokenTag store={s} /> },
    { key: 'actions', title: t('stores.actions'), width: 280, render: (_, s) => actions(s) },
  ];

  const data = stores.data;
  const setPage = (p: number) =>
    setSearch((prev) => {
      const next = new URLSearchParams(prev);
      if (p > 1) next.set('page', String(p));
      else next.delete('page');
      return next;
    });

  return (
    <div data-testid="stores-page">
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <Typography.Title level={1}>{t('stores.title')}</Typography.Title>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          loading={start.isPending}
          onClick={connect}
          data-testid="connect-pages"
        >
          {t('stores.connect')}
        </Button>
      </Space>
      <Typography.Paragraph type="secondary">{t('stores.intro')}</Typography.Paragraph>
      {stores.isPending && <FullScreenLoader />}
      {phone ? (
        <>
          <List
            dataSource={data?.items ?? []}
            locale={{ emptyText: <Empty description={t('stores.empty')} /> }}
            renderItem={(s) => (
              <List.Item style={{ padding: '6px 0' }}>
                <Card size="small" style={{ width: '100%' }} data-testid={`store-${s.id}`}>
                  <Space align="start" size={12} style={{ width: '100%' }}>
                    {photo(s)}
                    <Space orientation="vertical" size={4}>
                      {nameCell(s)}
                      <Typography.Text type="secondary">
                        <PlatformText store={s} /> · {followersText(t, s.follower_count, i18n.language)}
                      </Typography.Text>
                      <TokenTag store={s} />
                      {actions(s)}
                    </Space>
                  </Space>
                </Card>
              </List.Item>
            )}
          />
          {(data?.count ?? 0) > STORES_PAGE_SIZE && (
            <Pagination
              current={page}
              pageSize={STORES_PAGE_SIZE}
              total={data?.count ?? 0}
              showSizeChanger={false}
              onChange={setPage}
              size="small"
            />
          )}
        </>
      ) : (
        <Table<TStore>
          rowKey="id"
          columns={columns}
          dataSource={data?.items ?? []}
          loading={stores.isFetching && !stores.isPending}
          locale={{ emptyText: <Empty description={t('stores.empty')} /> }}
          onRow={(s) => ({ 'data-testid': `store-${s.id}` }) as never}
          pagination={{
            current: page,
            pageSize: STORES_PAGE_SIZE,
            total: data?.count ?? 0,
            showSizeChanger: false,
            hideOnSinglePage: true,
            onChange: setPage,
          }}
          data-testid="stores-table"
        />
      )}
      <PagePicker open={picking} onClose={() => setPicking(false)} />
    </div>
  );
}
