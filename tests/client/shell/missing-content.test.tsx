import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeUser, renderApp, resetShell, signIn } from './shell-helpers.tsx';

afterEach(resetShell);

// Lazy screens on a busy machine take more than the default second to arrive.
const SLOW = { timeout: 10_000 };

describe('content that is not there (deleted, unpublished, another school’s: the server answers 404)', () => {
  it('a video says it is not available and leads back to the videos, with no pointless Reload', async () => {
    await signIn(makeUser());
    renderApp('/video/999');
    expect(await screen.findByRole('heading', { name: 'Video not available' }, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All videos' }).getAttribute('href')).toBe('/videos');
    expect(screen.queryByRole('button', { name: 'Reload' })).toBeNull();
  });

  it('a lecture says the same and leads back to the lectures', async () => {
    await signIn(makeUser());
    renderApp('/lectures?id=999');
    expect(await screen.findByRole('heading', { name: 'Lecture not available' }, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All lectures' }).getAttribute('href')).toBe('/lectures');
  });

  it('a back-office edit screen names what is missing', async () => {
    await signIn(makeUser({ is_admin: 1 }));
    renderApp('/admin/video/999');
    expect(await screen.findByRole('heading', { name: 'No such video' }, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the videos' }).getAttribute('href')).toBe(
      '/admin/videos',
    );
  });
});
