import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, type ButtonProps, Col, Row, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type Key, useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatEuros } from '../../app/format';
import { toast } from '../../app/notify';
import { useLocale } from '../../app/useLocale';
import { DataTable } from '../../components/DataTable';
import { FullScreenLoader } from '../../components/FullScreenLoader';
import { useListParams } from '../../components/useListParams';
import {
  CHATBOT_DEFAULTS,
  type TChatbotMessage,
  useChangeActive,
  useChangeActiveAll,
  useChatbotMessages,
  useDeleteChatbotMessages,
} from './api';
import { discountIn } from './preview';
import { type RepliesFilter, RepliesFilters } from './RepliesFilters';
import { ReplyDrawer } from './ReplyDrawer';
import { TestInLive, TryComment } from './ReplyHelpers';

/** The address parameter of the drawer: `new`, or the id of the reply being edited. */
const EDIT_PARAM = 'reply';

/** The drawer the address opens, kept beside the list's own parameters. */
function useEditing() {
  const [search, setSearch] = useSearchParams();
  const raw = search.get(EDIT_PARAM);
  const editing: number | 'new' | null =
    raw === 'new' ? 'new' : raw && /^\d+$/.test(raw) ? Number(raw) : null;
  const setEditing = useCallback(
    (next: number | 'new' | null) =>
      setSearch((prev) => {
        const params = new URLSearchParams(prev);
        if (next === null) params.delete(EDIT_PARAM);
        else params.set(EDIT_PARAM, String(next));
        return params;
      }),
    [setSearch],
  );
  return [editing, setEditing] as const;
}

/** The trigger words of a reply, as tags. */
function Triggers({ reply }: { reply: TChatbotMessage }) {
  return (
    <Space size={[4, 4]} wrap data-testid="reply-triggers">
      {reply.keywords.map((k) => (
        <Tag key={k}>{k}</Tag>
      ))}
    </Space>
  );
}

/** The product a reply names, with its price; a dash when none. */
function ProductCell({ reply }: { reply: TChatbotMessage }) {
  if (!reply.product) return <span aria-hidden>—</span>;
  return (
    <span className="reply-product" data-testid="reply-product-cell">
      {reply.product.name}{' '}
      <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
        {formatEuros(reply.product.price)}
      </Typography.Text>
    </span>
  );
}

/** The comments a reply answered, every live together, and its limit per live. */
function AnswersCell({ reply }: { reply: TChatbotMessage }) {
  const { t } = useTranslation();
  return (
    <span data-testid="reply-answers">
      <span style={{ whiteSpace: 'nowrap' }}>{t('chatbot.answered', { count: reply.answer_count })}</span>
      {reply.max_answer_count !== null && (
        <>
          <span className="reply-max-separator"> · </span>
          <Typography.Text type="secondary" className="reply-max" style={{ whiteSpace: 'nowrap' }}>
            {t('chatbot.maxPerLive', { count: reply.max_answer_count })}
          </Typography.Text>
        </>
      )}
    </span>
  );
}

/** A reply's name, which opens it in the editor. */
function NameButton({ reply, onEdit }: { reply: TChatbotMessage; onEdit: (id: number) => void }) {
  return (
    <Button
      type="link"
      className="link-button"
      onClick={() => onEdit(reply.id)}
      data-testid="reply-name-cell"
    >
      {reply.name}
    </Button>
  );
}

/** Visibility: whether lives send the reply (GET chatbot/change-active/{id}). */
function ReplySwitch({ reply }: { reply: TChatbotMessage }) {
  const { t } = useTranslation();
  const change = useChangeActive();
  return (
    <Switch
      checked={reply.active}
      loading={change.isPending}
      onChange={() =>
        change.mutate(reply.id, { onSuccess: () => toast('success', t('messages.recordUpdated')) })
      }
      aria-label={t('chatbot.switchOf', { name: reply.name })}
      data-testid={`reply-switch-${reply.id}`}
    />
  );
}

/** Edit and delete, named after the reply for screen readers. */
function ReplyActions({
  reply,
  onEdit,
  onDelete,
}: {
  reply: TChatbotMessage;
  onEdit: (id: number) => void;
  onDelete: (reply: TChatbotMessage) => void;
}) {
  const { t } = useTranslation();
  return (
    <Space size={0}>
      <Tooltip title={t('chatbot.edit')}>
        <Button
          type="text"
          icon={<EditOutlined />}
          aria-label={t('chatbot.editNamed', { name: reply.name })}
          onClick={() => onEdit(reply.id)}
          data-testid={`reply-edit-${reply.id}`}
        />
      </Tooltip>
      <Tooltip title={t('chatbot.delete')}>
        <Button
          type="text"
          danger
          icon={<DeleteOutlined />}
          aria-label={t('chatbot.deleteNamed', { name: reply.name })}
          onClick={() => onDelete(reply)}
          data-testid={`reply-delete-${reply.id}`}
        />
      </Tooltip>
    </Space>
  );
}

/**
 * "My replies": the seller's custom replies (SPEC §3 columns), search, filters, switches one by
 * one or all at once, delete one or many; a drawer writes or edits one; below, a comment to try
 * them on and the live where to try them for real.
 */
export function CustomReplies() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { modal } = App.useApp();
  const list = useListParams(CHATBOT_DEFAULTS);
  const replies = useChatbotMessages(list.params);
  const remove = useDeleteChatbotMessages();
  const changeAll = useChangeActiveAll();
  const [editing, setEditing] = useEditing();

  /** Deletes replies once confirmed; `done` runs after (the bulk action's unchecking). */
  const confirmRemove = useCallback(
    (ids: number[], title: string, content: string, done?: () => void) =>
      modal.confirm({
        title,
        content,
        okText: t('chatbot.delete'),
        okButtonProps: { danger: true, 'data-testid': 'confirm-ok' } as ButtonProps,
        cancelText: t('common.cancel'),
        onOk: () =>
          remove.mutateAsync(ids).then(() => {
            done?.();
            toast('success', t(ids.length > 1 ? 'messages.recordsDeleted' : 'messages.recordDeleted'));
          }),
      }),
    [modal, t, remove],
  );
  const confirmDelete = useCallback(
    (r: TChatbotMessage) =>
      confirmRemove([r.id], t('chatbot.deleteTitle'), t('chatbot.deleteText', { name: r.name })),
    [confirmRemove, t],
  );

  const columns = useMemo<ColumnsType<TChatbotMessage>>(
    () => [
      {
        key: 'name',
        title: t('chatbot.scenario'),
        sorter: true,
        render: (_: unknown, r) => <NameButton reply={r} onEdit={setEditing} />,
      },
      { key: 'keywords', title: t('chatbot.triggers'), render: (_: unknown, r) => <Triggers reply={r} /> },
      { key: 'product', title: t('chatbot.product'), render: (_: unknown, r) => <ProductCell reply={r} /> },
      {
        key: 'discount',
        title: t('chatbot.discountColumn'),
        align: 'right',
        render: (_: unknown, r) => (r.discount ? discountIn(r.discount, locale) : <span aria-hidden>—</span>),
      },
      {
        key: 'answer_count',
        title: t('chatbot.answers'),
        sorter: true,
        render: (_: unknown, r) => <AnswersCell reply={r} />,
      },
      { key: 'active', title: t('chatbot.visibility'), render: (_: unknown, r) => <ReplySwitch reply={r} /> },
      {
        key: 'actions',
        title: t('chatbot.actions'),
        render: (_: unknown, r) => <ReplyActions reply={r} onEdit={setEditing} onDelete={confirmDelete} />,
      },
    ],
    [t, locale, setEditing, confirmDelete],
  );

  /** A phone's card: the name and its switch, triggers, product and discount, answers and actions. */
  const phoneCard = (r: TChatbotMessage) => (
    <>
      <div className="list-card-head">
        <NameButton reply={r} onEdit={setEditing} />
        <ReplySwitch reply={r} />
      </div>
      <Triggers reply={r} />
      {(r.product || r.discount) && (
        <div className="list-card-head">
          <ProductCell reply={r} />
          {r.discount ? <Tag color="green">−{discountIn(r.discount, locale)}</Tag> : null}
        </div>
      )}
      <div className="list-card-foot">
        <AnswersCell reply={r} />
        <ReplyActions reply={r} onEdit={setEditing} onDelete={confirmDelete} />
      </div>
    </>
  );

  const bulkDelete = (keys: Key[], uncheck: () => void) =>
    confirmRemove(
      keys.map(Number),
      t('chatbot.bulkDeleteTitle'),
      t('chatbot.bulkDeleteText', { count: keys.length }),
      uncheck,
    );

  const switchAll = (status: boolean) =>
    changeAll.mutate(status, { onSuccess: () => toast('success', t('messages.recordsUpdated')) });

  return (
    <div data-testid="custom-replies">
      <Typography.Paragraph type="secondary">{t('chatbot.repliesIntro')}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 16 }}>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setEditing('new')}
          data-testid="reply-add"
        >
          {t('chatbot.add')}
        </Button>
        {[true, false].map((status) => (
          <Button
            key={String(status)}
            onClick={() => switchAll(status)}
            loading={changeAll.isPending && changeAll.variables === status}
            data-testid={status ? 'replies-all-on' : 'replies-all-off'}
          >
            {t(status ? 'chatbot.switchAllOn' : 'chatbot.switchAllOff')}
          </Button>
        ))}
      </Space>
      {replies.isPending && <FullScreenLoader />}
      <DataTable<TChatbotMessage>
        list={list}
        data={replies.data}
        loading={replies.isFetching}
        columns={columns}
        rowKey="id"
        testId="replies-table"
        rowTestId={(r) => `reply-row-${r.id}`}
        rowLabel={(r) => r.name}
        phoneCard={phoneCard}
        searchable
        emptyText={t('chatbot.empty')}
        bulkActions={[{ key: 'delete', label: t('chatbot.bulkDelete'), danger: true, onRun: bulkDelete }]}
        filters={
          <RepliesFilters
            value={list.params.filter as RepliesFilter}
            onApply={(f) => list.setFilter({ ...f })}
            onReset={list.reset}
          />
        }
      />
      <Row gutter={[16, 16]} style={{ marginTop: 24 }}>
        <Col xs={24} lg={14}>
          <TryComment />
        </Col>
        <Col xs={24} lg={10}>
          <TestInLive />
        </Col>
      </Row>
      <ReplyDrawer editing={editing} onClose={() => setEditing(null)} />
    </div>
  );
}
