import { CloseOutlined, SendOutlined, UserAddOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Input, type InputRef, Space, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../../app/useIsPhone';
import { LocaleLink } from '../../app/useLocale';
import { useSimulateComment } from './api';

/** The viewers a new simulator starts with. */
export const DEFAULT_VIEWERS = ['Camille', 'Lucas', 'Emma'];
const NAME_MAX = 60;
const MESSAGE_MAX = 1000;

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The simulator: the seller types comments as named viewers, each sent through the same
 * ingestion and claim as a capture tool's (POST livesession/{id}/simulate). `example` is a comment
 * that makes a cart on the seller's own catalogue (null: no published product has a keyword).
 */
export function LiveSimulator({
  sessionId,
  live,
  example,
}: {
  sessionId: number;
  live: boolean;
  example: string | null;
}) {
  const { t } = useTranslation();
  const phone = useIsPhone();
  const [viewers, setViewers] = useState<string[]>(DEFAULT_VIEWERS);
  const [viewer, setViewer] = useState<string | null>(DEFAULT_VIEWERS[0]);
  const [newName, setNewName] = useState('');
  const [message, setMessage] = useState('');
  const messageRef = useRef<InputRef>(null);
  const simulate = useSimulateComment(sessionId);

  const addViewer = () => {
    let name = newName.trim().slice(0, NAME_MAX);
    if (!name) {
      let n = viewers.length + 1;
      while (viewers.some((v) => sameName(v, t('live.viewerN', { n })))) n++;
      name = t('live.viewerN', { n });
    }
    const existing = viewers.find((v) => sameName(v, name));
    if (!existing) setViewers((list) => [...list, name]);
    setViewer(existing ?? name);
    setNewName('');
  };

  const removeViewer = (name: string) => {
    setViewers((list) => list.filter((v) => v !== name));
    if (viewer === name) setViewer(null);
  };

  const send = () => {
    const text = message.trim();
    if (!live || !viewer || !text) return;
    setMessage('');
    simulate.mutate(
      { from_name: viewer, message: text },
      // give the text back when it was not taken (unless something new was typed meanwhile)
      { onError: () => setMessage((current) => current || text) },
    );
    messageRef.current?.focus();
  };

  return (
    <Card title={t('live.simulatorTitle')} size="small" data-testid="simulator">
      {!live && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="simulator-disabled"
          title={t('live.simulatorNotLive')}
        />
      )}
      <Typography.Paragraph type="secondary">{t('live.simulatorHelp')}</Typography.Paragraph>
      {example ? (
        <Typography.Paragraph data-testid="simulator-example">
          {t('live.exampleComment')}{' '}
          <Typography.Text code data-testid="simulator-example-text">
            {example}
          </Typography.Text>{' '}
          <Button
            type="link"
            size="small"
            onClick={() => {
              setMessage(example);
              messageRef.current?.focus();
            }}
            disabled={!live || !viewer}
            data-testid="simulator-use-example"
          >
            {t('live.useExample')}
          </Button>
        </Typography.Paragraph>
      ) : (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('live.noKeyword')}
          action={<LocaleLink to="/inventory">{t('live.toInventory')}</LocaleLink>}
          data-testid="simulator-no-keyword"
        />
      )}
      <Space wrap style={{ marginBottom: 12 }} data-testid="simulator-viewers">
        {viewers.map((name) => (
          <Space.Compact key={name}>
            <Button
              type={viewer === name ? 'primary' : 'default'}
              onClick={() => setViewer(name)}
              aria-pressed={viewer === name}
              disabled={!live}
              data-testid={`simulator-viewer-${name}`}
            >
              {name}
            </Button>
            <Button
              icon={<CloseOutlined />}
              aria-label={t('live.removeViewer', { name })}
              onClick={() => removeViewer(name)}
              disabled={!live}
              data-testid={`simulator-remove-viewer-${name}`}
            />
          </Space.Compact>
        ))}
      </Space>
      {/* its own line, as wide as the card allows: a phone has no room beside the viewers */}
      <Space.Compact className="simulator-add-viewer">
        <Input
          value={newName}
          maxLength={NAME_MAX}
          placeholder={t('live.newViewer')}
          onChange={(e) => setNewName(e.target.value)}
          onPressEnter={addViewer}
          disabled={!live}
          data-testid="simulator-new-viewer"
        />
        <Button
          icon={<UserAddOutlined />}
          onClick={addViewer}
          disabled={!live}
          aria-label={t('live.addViewer')}
          data-testid="simulator-add-viewer"
        >
          {phone ? t('live.addViewerShort') : t('live.addViewer')}
        </Button>
      </Space.Compact>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          ref={messageRef}
          value={message}
          maxLength={MESSAGE_MAX}
          placeholder={viewer ? t('live.messageAs', { name: viewer }) : t('live.pickViewer')}
          onChange={(e) => setMessage(e.target.value)}
          onPressEnter={send}
          disabled={!live || !viewer}
          data-testid="simulator-message"
        />
        <Button
          type="primary"
          icon={<SendOutlined />}
          onClick={send}
          disabled={!live || !viewer || !message.trim()}
          data-testid="simulator-send"
        >
          {t('live.send')}
        </Button>
      </Space.Compact>
    </Card>
  );
}
