import { type Ctx, type Row } from './table.ts';

export const questionBody = (x: Ctx) => ({
  micro_topic_id: x.w.kg.microTopic,
  difficulty: 2,
  stem: `<p>${x.w.unique('Matrix question')}</p>`,
  explanation: '',
  content: { type: 'true_false', correct: true },
});
export const microTopicBody = (x: Ctx) => ({
  sub_topic_id: x.w.kg.subTopic,
  name: x.w.unique('Matrix micro topic'),
  description: '',
  prerequisite_ids: [],
});
//                                     anonymous | student | foreign student | teacher | foreign teacher | admin
export const KNOWLEDGE_ROWS: Record<string, Row> = {
  // Knowledge graph: everyone signed in reads it; only the admin edits it.
  'GET /api/knowledge-graph': { expect: '401 | ok | ok | ok | ok | ok' },
  'POST /api/admin/subjects': {
    expect: '401 | 403 | 403 | 403 | 403 | ok',
    body: (x) => ({ name: x.w.unique('Matrix subject'), description: '' }),
  },
  'PUT /api/admin/subjects/:id': {
    expect: '401 | 403 | 403 | 403 | 403 | ok',
    params: async (x) => ({ id: await x.w.freshSubject() }),
    body: (x) => ({ name: x.w.unique('Matrix subject'), description: '' }),
  },
  'DELETE /api/admin/subjects/:id': {
    expect: '401 | 403 | 403 | 403 | 403 | ok',
    params: async (x) => ({ id: await x.w.freshSubject() }),
  },
  'POST /api/admin/sub-topics': {
    expect: '401 | 403 | 403 | 403 | 403 | ok',
    body: (x) => ({ subject_id: x.w.kg.subject, name: x.w.unique('Matrix sub topic') }),
  },
  'PUT /api/admin/sub-topics/:id': {
    expect: '401 | 403 | 403 | 403 | 403 | ok',
    params: async (x) => ({ id: await x.w.freshSubTopic() }),
    body: (x) => ({ subject_id: x.w.kg.subject, name: x.w.unique('Matrix sub topic') }),
  },
  'DELETE /api/admin/sub-topics/:id': {
    expect: '401 | 403 | 403 | 403 | 403 | ok',
    params: async (x) => ({ id: await x.w.freshSubTopic() }),
  },
  'POST /api/admin/micro-topics': { expect: '401 | 403 | 403 | 403 | 403 | ok', body: microTopicBody },
  'PUT /api/admin/micro-topics/:id': {
    expect: '401 | 403 | 403 | 403 | 403 | ok',
    params: async (x) => ({ id: await x.w.freshMicroTopic() }),
    body: microTopicBody,
  },
  'DELETE /api/admin/micro-topics/:id': {
    expect: '401 | 403 | 403 | 403 | 403 | ok',
    params: async (x) => ({ id: await x.w.freshMicroTopic() }),
  },
  'PUT /api/admin/knowledge-graph/order': {
    expect: '401 | 403 | 403 | 403 | 403 | ok',
    // Every subject, in the order they are in.
    body: async (x) => ({
      level: 'subject',
      ids: (
        (
          await x.w.t.request({ method: 'GET', url: '/api/knowledge-graph', token: x.w.adminToken })
        ).json() as { subjects: Array<{ id: number }> }
      ).subjects.map((s) => s.id),
    }),
  },

  // The question bank: teachers read all of it (it is shared, spec 2.7); only the admin edits it.
  'GET /api/admin/questions': { expect: '401 | 403 | 403 | ok | ok | ok' },
  'GET /api/admin/questions/:id': {
    expect: '401 | 403 | 403 | ok ok | ok ok | ok ok',
    params: (x) => ({ id: x.at.question }),
  },
  'POST /api/admin/questions': { expect: '401 | 403 | 403 | 403 | 403 | ok', body: questionBody },
  'PUT /api/admin/questions/:id': {
    expect: '401 | 403 | 403 | 403 | 403 | ok',
    params: async (x) => ({ id: await x.w.freshQuestion() }),
    body: questionBody,
  },
  'DELETE /api/admin/questions/:id': {
    expect: '401 | 403 | 403 | 403 | 403 | ok',
    params: async (x) => ({ id: await x.w.freshQuestion() }),
  },
  // Import and export: admins only, as the rest of the bank's editing. The matrix sends the JSON CSV body; the
  // multipart form (Moodle XML, GIFT, CSV file with a preview) is the same route, refused to staff and students
  // in questions-moodle.test.ts and questions-gift.test.ts, as is ?format= on the export.
  'POST /api/admin/questions/import': {
    expect: '401 | 403 | 403 | 403 | 403 | ok',
    body: () => ({
      csv: 'micro_topic,type,difficulty,stem,explanation,options,correct\nNo such topic,true_false,1,Stem,,,true\n',
    }),
  },
  'GET /api/admin/questions/export': { expect: '401 | 403 | 403 | 403 | 403 | ok' },
};
