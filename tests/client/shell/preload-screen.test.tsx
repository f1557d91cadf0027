import { render, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyScreen } from '../../../src/client/app/lazy-screen.ts';
import { preloadScreen } from '../../../src/client/app/routes.tsx';
import { makeUser, renderApp, resetShell, signIn } from './shell-helpers.tsx';

afterEach(resetShell);

describe('screens loaded ahead (main.tsx, at start)', () => {
  it('render at once, without the fallback, once preloaded', async () => {
    const load = vi.fn(() => Promise.resolve({ default: () => <p>Ready screen</p> }));
    const Screen = lazyScreen<object>(load);
    await Screen.preload();
    render(
      <Suspense fallback={<p>Waiting</p>}>
        <Screen />
      </Suspense>,
    );
    expect(screen.getByText('Ready screen')).toBeTruthy();
    expect(screen.queryByText('Waiting')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('still load on demand when not preloaded, sharing one import', async () => {
    const load = vi.fn(() => Promise.resolve({ default: () => <p>Later screen</p> }));
    const Screen = lazyScreen<object>(load);
    render(
      <Suspense fallback={<p>Waiting</p>}>
        <Screen />
      </Suspense>,
    );
    expect(screen.getByText('Waiting')).toBeTruthy();
    expect(await screen.findByText('Later screen')).toBeTruthy();
    await Screen.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('preloads the screen of the path, or the login screen when the path needs a session', async () => {
    await expect(preloadScreen('/login')).resolves.toBeUndefined();
    await expect(preloadScreen('/quizzes')).resolves.toBeUndefined();
    await expect(preloadScreen('/no/such/page')).resolves.toBeUndefined();
  });

  it('load the signed-in layout with a signed-in screen, so its frame shows at once', async () => {
    await signIn(makeUser(), { '/api/assessments': () => [] });
    // Preloaded as main.tsx does at start: the layout is a chunk of its own, not in the entry.
    await preloadScreen('/quizzes');
    renderApp('/quizzes');
    // Without waiting: the top bar and the menu are there in the first render.
    expect(screen.getByRole('button', { name: 'Toggle menu' })).toBeTruthy();
    expect(within(screen.getByRole('banner')).getByRole('heading', { name: 'Quizzes' })).toBeTruthy();
  });
});
