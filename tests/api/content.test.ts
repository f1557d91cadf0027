import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentItem, LectureSummary } from '../../src/shared/contracts/content.ts';
import { CATALOGUE } from '../../src/server/seed/catalogue/index.ts';
import { contentCalls, startContent, type Who } from './content-setup.ts';
import { dialects, type TestApp } from './helpers.ts';

describe.each(dialects)('content: lectures, videos, live discussions (%s)', (dialect) => {
  let t: TestApp;
  let admin: Who;
  let teacher: Who;
  let otherTeacher: Who;
  let student: Who;
  let otherStudent: Who;
  let schoolA: number;
  let schoolB: number;
  let microTopic: number;
  beforeAll(async () => {
    ({ t, admin, teacher, otherTeacher, student, otherStudent, schoolA, schoolB, microTopic } =
      await startContent(dialect));
  });
  afterAll(() => t.close());
  const { post, lectureBody, created, lectures, count } = contentCalls(() => ({ t, microTopic }));

  it('lists lectures in teaching order: subject by subject as the catalogue runs, not newest first', async () => {
    const subjects = CATALOGUE.map((subject) => subject.name);
    const order = (await lectures(student))
      .filter((l) => l.topics.length > 0)
      .map((l) => subjects.indexOf(l.topics[0]!.subject_name));
    expect(order.length).toBeGreaterThanOrEqual(15);
    expect(order[0]).toBe(0);
    expect(order).toEqual([...order].sort((x, y) => x - y));
  });

  it('creates, lists, changes and deletes a lecture; title and summary stay plain text, the body is sanitised', async () => {
    const item = await created(
      admin,
      'lecture',
      lectureBody({
        title: '<b>Bold</b> <script>alert(1)</script>',
        summary: '<img src=x onerror=alert(1)>',
        body_html: '<p onclick="x()">Hi</p><script>alert(1)</script><h1>x</h1>',
      }),
    );
    expect(item.title).toBe('<b>Bold</b> <script>alert(1)</script>');
    expect(item.summary).toBe('<img src=x onerror=alert(1)>');
    // The sanitiser keeps its allow-list as tags and turns everything else into inert text.
    expect(item.body_html).not.toMatch(/<script|<[^>]*onclick|<h1/i);
    expect(item.body_html).toContain('&lt;script&gt;');
    expect(item.topics.map((x) => x.id)).toEqual([microTopic]);

    const list = await t.request({
      method: 'GET',
      url: '/api/admin/content/lecture',
      token: admin.token,
      query: { search: 'bold' },
    });
    expect(list.json().data.map((x: ContentItem) => x.id)).toContain(item.id);

    const put = await t.request({
      method: 'PUT',
      url: `/api/admin/content/lecture/${item.id}`,
      token: admin.token,
      payload: lectureBody({ title: 'Renamed', published: false, school_ids: [schoolB] }),
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().item).toMatchObject({ title: 'Renamed', published: false, school_ids: [schoolB] });

    const del = await t.request({
      method: 'DELETE',
      url: `/api/admin/content/lecture/${item.id}`,
      token: admin.token,
    });
    expect(del.statusCode).toBe(204);
    const gone = await t.request({
      method: 'GET',
      url: `/api/admin/content/lecture/${item.id}`,
      token: admin.token,
    });
    expect(gone.statusCode).toBe(404);
  });

  it('refuses bad input with field errors and writes nothing', async () => {
    const before = await count();
    const bad = await post(admin, 'video', {
      title: 'Link',
      published: true,
      external_url: 'javascript:alert(1)',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.external_url).toBeDefined();
    const none = await post(admin, 'video', { title: 'No source', published: true });
    expect(none.json().errors.video_file_id).toBeDefined();
    const backwards = await post(admin, 'live-discussion', {
      title: 'Circle time Q&A',
      published: true,
      starts_at: '2030-01-01T10:00:00Z',
      ends_at: '2030-01-01T09:00:00Z',
      meeting_url: 'http://insecure.example.com',
    });
    expect(backwards.statusCode).toBe(422);
    expect(Object.keys(backwards.json().errors).sort()).toEqual(['ends_at', 'meeting_url']);
    const empty = await post(admin, 'lecture', lectureBody({ title: '  ', micro_topic_ids: [99999] }));
    expect(Object.keys(empty.json().errors).sort()).toEqual(['title']);
    const topic = await post(admin, 'lecture', lectureBody({ micro_topic_ids: [99999] }));
    expect(topic.json().errors.micro_topic_ids).toBeDefined();
    expect(await count()).toBe(before);
  });

  it('accepts a YouTube link as a video and a live discussion in order', async () => {
    const video = await created(admin, 'video', {
      title: 'Outdoor play',
      published: true,
      external_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    });
    expect(video.external_url).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    const detail = await t.request({ method: 'GET', url: `/api/videos/${video.id}`, token: student.token });
    expect(detail.json().video).toMatchObject({
      external: true,
      src: null,
      embed_url: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    });
    const live = await created(admin, 'live-discussion', {
      title: 'Circle time Q&A',
      published: true,
      starts_at: '2030-01-01T10:00:00Z',
      ends_at: '2030-01-01T11:00:00Z',
      meeting_url: 'https://meet.example.com/abc',
    });
    expect(live).toMatchObject({
      starts_at: '2030-01-01T10:00:00.000Z',
      meeting_url: 'https://meet.example.com/abc',
    });
  });

  it('keeps lectures to admins; a teacher manages videos of their own schools only', async () => {
    expect((await post(teacher, 'lecture', lectureBody({ school_ids: [schoolA] }))).statusCode).toBe(403);
    const video = { title: 'Nap routines', published: true, external_url: 'https://vimeo.com/76979871' };
    expect((await post(teacher, 'video', { ...video, school_ids: [] })).statusCode).toBe(422);
    expect((await post(teacher, 'video', { ...video, school_ids: [schoolA, schoolB] })).statusCode).toBe(403);
    const mine = await created(teacher, 'video', { ...video, school_ids: [schoolA] });
    expect(mine.can_edit).toBe(true);
    // The other school's teacher neither sees nor changes it.
    const theirs = await t.request({
      method: 'GET',
      url: `/api/admin/content/video/${mine.id}`,
      token: otherTeacher.token,
    });
    expect(theirs.statusCode).toBe(404);
    const change = await t.request({
      method: 'PUT',
      url: `/api/admin/content/video/${mine.id}`,
      token: otherTeacher.token,
      payload: { ...video, school_ids: [schoolB] },
    });
    expect(change.statusCode).toBe(404);
    const list = await t.request({
      method: 'GET',
      url: '/api/admin/content/video',
      token: otherTeacher.token,
    });
    expect(list.json().data.map((x: ContentItem) => x.id)).not.toContain(mine.id);
    // An admin's item for every school: the teacher sees it but may not change it.
    const everyone = await created(admin, 'video', { ...video, school_ids: [] });
    const seen = await t.request({
      method: 'GET',
      url: `/api/admin/content/video/${everyone.id}`,
      token: teacher.token,
    });
    expect(seen.json().item.can_edit).toBe(false);
    const refused = await t.request({
      method: 'PUT',
      url: `/api/admin/content/video/${everyone.id}`,
      token: teacher.token,
      payload: { ...video, school_ids: [schoolA] },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('shows students only published lectures of their school, and keeps them out of the back office', async () => {
    const forA = await created(
      admin,
      'lecture',
      lectureBody({ title: 'For school A', school_ids: [schoolA] }),
    );
    const draft = await created(admin, 'lecture', lectureBody({ title: 'Draft', published: false }));
    const forB = await created(
      admin,
      'lecture',
      lectureBody({ title: 'For school B', school_ids: [schoolB] }),
    );
    const ids = (await lectures(student)).map((l) => l.id);
    expect(ids).toContain(forA.id);
    expect(ids).not.toContain(draft.id);
    expect(ids).not.toContain(forB.id);
    expect((await lectures(otherStudent)).map((l) => l.id)).toContain(forB.id);
    for (const id of [draft.id, forB.id]) {
      const res = await t.request({ method: 'GET', url: `/api/lectures/${id}`, token: student.token });
      expect(res.statusCode).toBe(404);
    }
    const admin_ = await t.request({
      method: 'GET',
      url: '/api/admin/content/lecture',
      token: student.token,
    });
    expect(admin_.statusCode).toBe(403);
    const write = await post(student, 'video', {
      title: 'x',
      published: true,
      external_url: 'https://a.example',
    });
    expect(write.statusCode).toBe(403);
    const filtered = await t.request({
      method: 'GET',
      url: '/api/lectures',
      token: student.token,
      query: { micro_topic_id: String(microTopic) },
    });
    expect(filtered.json().data.every((l: LectureSummary) => l.topics.some((x) => x.id === microTopic))).toBe(
      true,
    );
  });

  it('marks a lecture read once: the first time stays', async () => {
    const item = await created(admin, 'lecture', lectureBody({ title: 'Read me' }));
    expect((await lectures(student)).find((l) => l.id === item.id)?.read_at).toBeNull();
    const read = () =>
      t.request({ method: 'PUT', url: `/api/lectures/${item.id}/read`, token: student.token });
    const first = (await read()).json().read_at as string;
    const second = (await read()).json().read_at as string;
    expect(second).toBe(first);
    expect((await lectures(student)).find((l) => l.id === item.id)?.read_at).toBe(first);
    const detail = await t.request({ method: 'GET', url: `/api/lectures/${item.id}`, token: student.token });
    expect(detail.json().lecture).toMatchObject({
      read_at: first,
      body_html: '<p>Biting is <strong>communication</strong>.</p>',
    });
  });
  it('links the learning pathway’s topics to their published lectures, not drafts', async () => {
    const draft = await created(admin, 'lecture', lectureBody({ title: 'Pathway draft', published: false }));
    const res = await t.request({ method: 'GET', url: '/api/my/learning-pathway', token: student.token });
    expect(res.statusCode, res.body).toBe(200);
    const steps = res.json().ready as Array<{ materials: Array<{ kind: string; id: number }> }>;
    expect(steps.length).toBeGreaterThan(0);
    // The demo seed has a lecture for every sub topic, so every step the student is ready for has one.
    expect(steps.every((s) => s.materials.some((m) => m.kind === 'lecture'))).toBe(true);
    expect(steps.flatMap((s) => s.materials).some((m) => m.id === draft.id)).toBe(false);
  });
});
