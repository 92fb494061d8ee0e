import { Card } from 'antd';
import type { ReactNode } from 'react';

/** The centred card of the sign-in, sign-up and password pages. */
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
    <Card title={title} className="auth-card" data-testid={testId}>
      {children}
    </Card>
  );
}
