import { DeleteOutlined, EditOutlined, GlobalOutlined, PlusOutlined } from '@ant-design/icons';
import { ROLE } from '@livecart/contract/constants';
import { Alert, App, Avatar, Button, type ButtonProps, Card, Space, Switch, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEuros } from '../../app/format';
import { toast } from '../../app/notify';
import { useIsPhone } from '../../app/useIsPhone';
import { useLocale } from '../../app/useLocale';
import { ButtonLink } from '../../components/ButtonLink';
import { FullScreenLoader } from '../../components/FullScreenLoader';
import { fileUrl } from '../../lib/api';
import { useSession } from '../auth/api';
import { countryOptions, useCountries } from '../countries/api';
import {
  type TShippingMethod,
  useChangeShippingStatus,
  useChangeShippingStatuses,
  useDeleteShippingMethod,
  useShippingMethods,
} from './api';
import { CountriesDrawer } from './CountriesDrawer';

/** The method's logo, or its initial when it has none. */
export function MethodLogo({
  method,
  size = 40,
}: {
  method: Pick<TShippingMethod, 'name' | 'logo'>;
  size?: number;
}) {
  const src = fileUrl(method.logo);
  return src ? (
    <Avatar shape="square" size={size} src={src} alt={method.name} style={{ background: '#fff' }} />
  ) : (
    <Avatar shape="square" size={size} aria-hidden>
      {method.name.trim().charAt(0).toUpperCase()}
    </Avatar>
  );
}

/** "France 4,90 €, Belgique 7,90 €", or the hint that the method is offered nowhere yet. */
function CountriesText({ method, names }: { method: TShippingMethod; names: Map<number, string> }) {
  const { t } = useTranslation();
  if (method.countries.length === 0)
    return (
      <Typography.Text type="secondary" data-testid={`shipping-countries-${method.id}`}>
        {t('shipping.noCountries')} · {t('shipping.noCountriesHint')}
      </Typography.Text>
    );
  const text = method.countries
    .map((c) => `${names.get(c.country_id) ?? `#${c.country_id}`} ${formatEuros(c.price)}`)
    .join(', ');
  return <span data-testid={`shipping-countries-${method.id}`}>{text}</span>;
}

/** The seller's list: every catalogue method with their switch, countries and prices. */
function SellerShippingList({ methods }: { methods: TShippingMethod[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const isPhone = useIsPhone();
  const countries = useCountries();
  const change = useChangeShippingStatus();
  const changeAll = useChangeShippingStatuses();
  const [editing, setEditing] = useState<number | null>(null);

  const options = useMemo(() => countryOptions(countries.data ?? [], locale), [countries.data, locale]);
  const names = useMemo(() => new Map(options.map((o) => [o.value, o.label])), [options]);
  const allOn = methods.length > 0 && methods.every((m) => m.status);

  const toggle = (m: TShippingMethod, status: boolean) =>
    change.mutate({ id: m.id, status }, { onSuccess: () => toast('success', t('shipping.statusChanged')) });

  const switchOf = (m: TShippingMethod) => (
    <Switch
      checked={m.status}
      loading={change.isPending && change.variables?.id === m.id}
      onChange={(v) => toggle(m, v)}
      aria-label={t('shipping.switchOf', { name: m.name })}
      data-testid={`shipping-switch-${m.id}`}
    />
  );
  const editButton = (m: TShippingMethod) => (
    <Button
      icon={<GlobalOutlined />}
      onClick={() => setEditing(m.id)}
      data-testid={`shipping-edit-countries-${m.id}`}
    >
      {t('shipping.editCountries')}
    </Button>
  );

  const columns: ColumnsType<TShippingMethod> = [
    { key: 'logo', title: t('shipping.logo'), width: 72, render: (_v, m) => <MethodLogo method={m} /> },
    { key: 'name', title: t('shipping.name'), dataIndex: 'name' },
    { key: 'status', title: t('shipping.status'), width: 96, render: (_v, m) => switchOf(m) },
    {
      key: 'countries',
      title: t('shipping.countries'),
      render: (_v, m) => <CountriesText method={m} names={names} />,
    },
    { key: 'actions', title: t('shipping.actions'), width: 200, render: (_v, m) => editButton(m) },
  ];

  return (
    <>
      <Alert
        type="info"
        showIcon
        title={t('shipping.rule')}
        style={{ marginBottom: 16 }}
        data-testid="shipping-rule"
      />
      <Space style={{ marginBottom: 16 }} wrap>
        <Button
          onClick={() =>
            changeAll.mutate(!allOn, { onSuccess: () => toast('success', t('shipping.statusChanged')) })
          }
          loading={changeAll.isPending}
          disabled={methods.length === 0}
          data-testid="shipping-switch-all"
        >
          {t(allOn ? 'shipping.switchAllOff' : 'shipping.switchAllOn')}
        </Button>
      </Space>
      {isPhone ? (
        <Space orientation="vertical" style={{ width: '100%' }} data-testid="shipping-list">
          {methods.map((m) => (
            <Card key={m.id} size="small" data-testid={`shipping-row-${m.id}`}>
              <Space style={{ width: '100%', justifyContent: 'space-between' }}>
                <Space>
                  <MethodLogo method={m} size={32} />
                  <Typography.Text strong>{m.name}</Typography.Text>
                </Space>
                {switchOf(m)}
              </Space>
              <div style={{ margin: '8px 0' }}>
                <CountriesText method={m} names={names} />
              </div>
              {editButton(m)}
            </Card>
          ))}
        </Space>
      ) : (
        <Table<TShippingMethod>
          rowKey="id"
          columns={columns}
          dataSource={methods}
          pagination={false}
          onRow={(m) => ({ 'data-testid': `shipping-row-${m.id}` }) as React.HTMLAttributes<HTMLElement>}
          data-testid="shipping-list"
        />
      )}
      <CountriesDrawer
        method={methods.find((m) => m.id === editing) ?? null}
        countries={options}
        onClose={() => setEditing(null)}
      />
    </>
  );
}

/** Admin's catalogue: name, logo, how many sellers use each method; add, edit, delete. */
function AdminShippingList({ methods }: { methods: TShippingMethod[] }) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const { modal } = App.useApp();
  const remove = useDeleteShippingMethod();

  const confirmDelete = (m: TShippingMethod) =>
    modal.confirm({
      title: t('shipping.deleteTitle'),
      content: t('shipping.deleteText', { name: m.name, count: m.sellers ?? 0 }),
      okText: t('shipping.delete'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-ok' } as ButtonProps,
      cancelText: t('shipping.cancel'),
      onOk: () => remove.mutateAsync(m.id).then(() => toast('success', t('shipping.deleted'))),
    });

  const actions = (m: TShippingMethod): ReactNode => (
    <Space>
      <ButtonLink to={`/shipping/edit/${m.id}`} icon={<EditOutlined />} data-testid={`shipping-edit-${m.id}`}>
        {t('shipping.edit')}
      </ButtonLink>
      <Button
        danger
        icon={<DeleteOutlined />}
        onClick={() => confirmDelete(m)}
        data-testid={`shipping-delete-${m.id}`}
      >
        {t('shipping.delete')}
      </Button>
    </Space>
  );
  const sellers = (m: TShippingMethod) => (
    <span data-testid={`shipping-sellers-${m.id}`}>
      {t('shipping.sellersCount', { count: m.sellers ?? 0 })}
    </span>
  );

  const columns: ColumnsType<TShippingMethod> = [
    { key: 'logo', title: t('shipping.logo'), width: 72, render: (_v, m) => <MethodLogo method={m} /> },
    { key: 'name', title: t('shipping.name'), dataIndex: 'name' },
    { key: 'sellers', title: t('shipping.sellers'), render: (_v, m) => sellers(m) },
    { key: 'actions', title: t('shipping.actions'), width: 260, render: (_v, m) => actions(m) },
  ];

  return (
    <>
      <Typography.Paragraph type="secondary">{t('shipping.adminIntro')}</Typography.Paragraph>
      <ButtonLink
        to="/shipping/add-method"
        type="primary"
        icon={<PlusOutlined />}
        style={{ marginBottom: 16 }}
        data-testid="shipping-add"
      >
        {t('shipping.addMethod')}
      </ButtonLink>
      {isPhone ? (
        <Space orientation="vertical" style={{ width: '100%' }} data-testid="shipping-list">
          {methods.map((m) => (
            <Card key={m.id} size="small" data-testid={`shipping-row-${m.id}`}>
              <Space style={{ marginBottom: 8 }}>
                <MethodLogo method={m} size={32} />
                <Typography.Text strong>{m.name}</Typography.Text>
              </Space>
              <div style={{ marginBottom: 8 }}>{sellers(m)}</div>
              {actions(m)}
            </Card>
          ))}
        </Space>
      ) : (
        <Table<TShippingMethod>
          rowKey="id"
          columns={columns}
          dataSource={methods}
          pagination={false}
          onRow={(m) => ({ 'data-testid': `shipping-row-${m.id}` }) as React.HTMLAttributes<HTMLElement>}
          data-testid="shipping-list"
        />
      )}
    </>
  );
}

/**
 * /shipping/list: a seller switches each catalogue method on, prices it per country and sees
 * which ones shoppers are offered; admin keeps the catalogue itself.
 */
export default function ShippingListPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const methods = useShippingMethods();
  const isAdmin = user?.role_id === ROLE.admin;
  return (
    <div data-testid="shipping-page" style={{ maxWidth: 1100 }}>
      <Typography.Title level={1}>{t('shipping.title')}</Typography.Title>
      {methods.isPending && <FullScreenLoader />}
      {methods.data &&
        (isAdmin ? (
          <AdminShippingList methods={methods.data} />
        ) : (
          <SellerShippingList methods={methods.data} />
        ))}
    </div>
  );
}
