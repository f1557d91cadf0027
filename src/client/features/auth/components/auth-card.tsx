import type { ReactNode } from 'react';
import '../auth.css';

/** The centred card of the full-page screens (login, registration, reset, verification). */
export function AuthCard({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <div className="auth-page">
      <section className="auth-card" aria-labelledby="auth-card-title">
        <p className="auth-card__brand">Pathbuilder</p>
        <h1 id="auth-card-title" className="auth-card__title">
          {title}
        </h1>
        {intro && <p className="auth-card__intro">{intro}</p>}
        {children}
      </section>
    </div>
  );
}
