import { theme } from 'antd';
import type { HTMLAttributes } from 'react';

/*
 * antd's Typography look, drawn with antd's tokens, for the back office's frame and dashboard:
 * antd's own Typography carries its editable and copyable modes, which bring antd's TextArea,
 * tooltips and their styles into the first load of every signed-in user.
 */

interface TextProps extends HTMLAttributes<HTMLElement> {
  /** `secondary`: the muted colour of a description. */
  type?: 'secondary';
  /** Struck through (a checklist step done). */
  delete?: boolean;
}

function useTextStyle(type: TextProps['type']) {
  const { token } = theme.useToken();
  return {
    fontFamily: token.fontFamily,
    fontSize: token.fontSize,
    color: type === 'secondary' ? token.colorTextDescription : token.colorText,
    wordBreak: 'break-word' as const,
    lineHeight: token.lineHeight,
  };
}

/** A run of text, as antd's `Typography.Text`. */
export function Text({ type, delete: struck, style, children, ...rest }: TextProps) {
  const look = useTextStyle(type);
  return (
    <span {...rest} style={{ ...look, ...style }}>
      {struck ? <del>{children}</del> : children}
    </span>
  );
}

/** A paragraph, as antd's `Typography.Paragraph`. */
export function Paragraph({ type, style, children, ...rest }: Omit<TextProps, 'delete'>) {
  const look = useTextStyle(type);
  return (
    <div {...rest} style={{ ...look, marginBottom: '1em', ...style }}>
      {children}
    </div>
  );
}

/** A page's heading, as antd's `Typography.Title` of level 1. */
export function PageTitle({ style, children, ...rest }: HTMLAttributes<HTMLHeadingElement>) {
  const { token } = theme.useToken();
  return (
    <h1
      {...rest}
      style={{
        fontFamily: token.fontFamily,
        marginTop: 0,
        marginBottom: '0.5em',
        color: token.colorTextHeading,
        fontWeight: token.fontWeightStrong,
        fontSize: token.fontSizeHeading1,
        lineHeight: token.lineHeightHeading1,
        wordBreak: 'break-word',
        ...style,
      }}
    >
      {children}
    </h1>
  );
}
