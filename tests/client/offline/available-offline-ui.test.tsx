import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AvailableOfflineButton } from '../../../src/client/components/available-offline-button.tsx';
import { OfflineContentCard } from '../../../src/client/features/account/components/offline-content-card.tsx';
import { SavedOfflineBadge } from '../../../src/client/components/saved-offline-badge.tsx';
import { useSavedOfflineKeys } from '../../../src/client/lib/use-offline-item.ts';
import { authState } from '../../../src/client/shell/session.ts';
import {
  listOffline,
  offlineKeys,
  registerOfflineSession,
  removeOffline,
} from '../../../src/client/lib/offline-content.ts';
import type { OfflineItem } from '../../../src/client/lib/offline-content.ts';
import { OFFLINE_CACHE_NAME } from '../../../src/shared/offline-content-keys.ts';
import { makeUser, mockFetch } from '../helpers.ts';
import { renderScreen } from '../render.tsx';
import { FakeCacheStorage } from './fake-caches.ts';

const VIDEO: OfflineItem = {
  key: 'video:5',
  kind: 'video',
  title: 'Songs at circle time',
  urls: ['/api/files/20?expires=1&signature=aa'],
  openPath: '/video/5',
};
const SIZE = 3 * 1024 * 1024 + 200 * 1024;

let cacheStorage: FakeCacheStorage;

beforeEach(async () => {
  // A device of its own per test: signed out first, so the next sign-in registers on this one.
  authState.user = null;
  authState.token = null;
  await registerOfflineSession();
  cacheStorage = new FakeCacheStorage();
  vi.stubGlobal('caches', cacheStorage);
  vi.stubGlobal('navigator', {
    ...navigator,
    storage: {
      persist: async () => true,
      persisted: async () => true,
      estimate: async () => ({ usage: SIZE, quota: 2 * 1024 ** 3 }),
    },
  });
  authState.user = makeUser({ id: 7 });
  authState.token = 'token-7';
  mockFetch(() => new Response(new Uint8Array(SIZE), { headers: { 'Content-Type': 'video/mp4' } }));
});

afterEach(async () => {
  for (const item of await listOffline()) await removeOffline(item.key);
  vi.unstubAllGlobals();
});

describe('the "Make available offline" button', () => {
  it('saves with its size shown, and removes again', async () => {
    renderScreen(<AvailableOfflineButton item={VIDEO} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Make available offline' }));
    expect(await screen.findByText('Available offline · 3.2 MB')).toBeTruthy();
    expect((await listOffline()).map((item) => item.key)).toEqual(['video:5']);

    fireEvent.click(screen.getByRole('button', { name: 'Remove the offline copy of Songs at circle time' }));
    expect(await screen.findByRole('button', { name: 'Make available offline' })).toBeTruthy();
    expect(await listOffline()).toEqual([]);
  });

  it('says in words why it could not save', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderScreen(<AvailableOfflineButton item={VIDEO} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Make available offline' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'No connection. Connect to the internet and try again.',
    );
    expect(screen.getByRole('button', { name: 'Make available offline' })).toBeTruthy();
  });

  it('tells a full device apart', async () => {
    (await cacheStorage.open(OFFLINE_CACHE_NAME)).full = true;
    renderScreen(<AvailableOfflineButton item={VIDEO} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Make available offline' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/not enough space on this device/);
  });
});

/** A list of two videos, as the Videos screen badges them. */
function TwoVideos() {
  const saved = useSavedOfflineKeys();
  return (
    <ul aria-label="Videos">
      {[5, 6].map((id) => (
        <li key={id}>
          Video {id} <SavedOfflineBadge saved={saved.has(offlineKeys.video(id))} />
        </li>
      ))}
    </ul>
  );
}

describe('the badge of a saved item in its list (issue 24 item 4)', () => {
  it('shows on the saved item only, and follows saving and removing', async () => {
    renderScreen(
      <>
        <AvailableOfflineButton item={VIDEO} />
        <TwoVideos />
      </>,
    );
    const rows = within(screen.getByRole('list', { name: 'Videos' })).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual(['Video 5 ', 'Video 6 ']);

    fireEvent.click(await screen.findByRole('button', { name: 'Make available offline' }));
    await vi.waitFor(() =>
      expect(rows.map((row) => row.textContent)).toEqual(['Video 5 ✓ Available offline', 'Video 6 ']),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Remove the offline copy of Songs at circle time' }));
    await vi.waitFor(() => expect(rows.map((row) => row.textContent)).toEqual(['Video 5 ', 'Video 6 ']));
  });
});

describe('Settings → Saved on this device', () => {
  it('is a section with its own heading, which the offline notice links to', async () => {
    renderScreen(<OfflineContentCard />);
    const section = await screen.findByRole('region', { name: 'Saved on this device' });
    expect(section.id).toBe('saved-on-this-device');
  });

  it('says when nothing is saved', async () => {
    renderScreen(<OfflineContentCard />);
    expect(await screen.findByText(/Nothing is saved on this device yet/)).toBeTruthy();
  });

  it('lists what is saved with its size, the total and the quota, and opens or removes it', async () => {
    renderScreen(
      <>
        <AvailableOfflineButton item={VIDEO} />
        <OfflineContentCard />
      </>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Make available offline' }));
    const list = await screen.findByRole('list', { name: 'Saved for offline use' });
    const row = within(list).getByRole('listitem');
    expect(row.textContent).toContain('Songs at circle time');
    expect(row.textContent).toContain('Video · 3.2 MB · saved');
    expect(screen.getByText('Using 3.2 MB of about 2.0 GB available on this device.')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Open Songs at circle time' }).getAttribute('href')).toBe(
      '/video/5',
    );

    fireEvent.click(within(row).getByRole('button', { name: 'Remove Songs at circle time' }));
    expect(await screen.findByText(/Nothing is saved on this device yet/)).toBeTruthy();
    // The button on the same screen hears it too.
    expect(await screen.findByRole('button', { name: 'Make available offline' })).toBeTruthy();
  });
});
