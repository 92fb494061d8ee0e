import { Card } from 'antd';
import type { ReactNode } from 'react';

/** The centred card of the sign-in, sign-up and password pages; its title is the page's heading. */
export function AuthCard({
  title,
  children,
  testId,
}: {
  title: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Card title={<h1 className="plain-heading">{title}</h1>} className="auth-card" data-testid={testId}>
      {children}
    </Card>
  );
}
