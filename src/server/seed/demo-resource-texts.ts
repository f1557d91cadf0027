import type { PdfSection } from './tiny-pdf.ts';

/** The demo's resource files: short, practical early-childhood-education documents (made into PDFs or text). */
export interface DemoResource {
  folder: string;
  title: string;
  description: string;
  file: string;
  microTopics: string[];
  body: { pdf: PdfSection[] } | { text: string };
}

export const DEMO_FOLDERS = [
  'Curriculum frameworks',
  'Observation templates',
  'Family communication',
] as const;

export const DEMO_RESOURCES: DemoResource[] = [
  {
    folder: 'Curriculum frameworks',
    title: 'Play-based learning: a practical overview',
    description:
      'What play-based learning is, the educator’s roles in it, and how to plan a week around play.',
    file: 'play-based-learning-overview.pdf',
    microTopics: ['Principles of Child Development', 'Vygotsky and Sociocultural Theory'],
    body: {
      pdf: [
        {
          heading: 'What play-based learning is',
          paragraphs: [
            'Play-based learning is a way of organising children’s days so that most learning happens through play that children choose, lead and sustain, supported by educators who plan the environment, join in, and extend thinking. It is not the absence of teaching: it is teaching that starts from what children are already curious about.',
            'Young children learn best when they are active, when they can make choices, and when they feel safe with the adults around them. Play gives all three. In play, children practise language, solve problems, negotiate with peers, manage their feelings and test ideas about how the world works.',
          ],
        },
        {
          heading: 'The educator’s roles',
          paragraphs: [
            '- Planner: set up the environment with open-ended materials (blocks, loose parts, dress-ups, sand, water, art materials) and rotate them as interests change.',
            '- Observer: watch and listen before stepping in. Note what children try, what they say and where they get stuck; these notes become the next plan.',
            '- Co-player: join the play on the children’s terms, taking a role without taking over.',
            '- Scaffolder: offer just enough help for a child to do what they could not quite do alone (Vygotsky’s zone of proximal development): a question, a new material, a model.',
            '- Protector of time: long, uninterrupted blocks of play (45 minutes or more) let play become complex.',
          ],
        },
        {
          heading: 'Kinds of play to plan for',
          paragraphs: [
            '- Physical play: running, climbing, balancing, throwing; builds gross motor skills and confidence.',
            '- Constructive play: building with blocks or loose parts; builds spatial reasoning and planning.',
            '- Dramatic and pretend play: home corner, shops, hospitals; builds language, empathy and self-regulation.',
            '- Sensory and exploratory play: sand, water, dough, natural materials; builds scientific thinking.',
            '- Games with rules (older preschoolers): turn-taking, fairness, early maths.',
          ],
        },
        {
          heading: 'Planning a play-based week',
          paragraphs: [
            '1. Start from observations: what have children been playing, asking and struggling with this week?',
            '2. Choose one or two learning intentions (for example: using words to solve conflicts; counting to ten with one-to-one correspondence).',
            '3. Decide what to add to the environment to invite that learning, and what to take away.',
            '4. Plan your own role: where will you be, what questions might you ask, what will you model?',
            '5. Plan how you will notice learning: who will you observe, and how will you record it?',
            '6. At the end of the week, reflect with your team: what happened, what surprised you, what next?',
          ],
        },
        {
          heading: 'Questions for reflection',
          paragraphs: [
            '- Which children are rarely seen in dramatic play or construction, and what might invite them in?',
            '- How much of the day do children spend waiting, queuing or in whole-group routines? Could any of it become play?',
            '- When did you last join children’s play without directing it?',
            '- How do families learn about the learning that happens in play?',
          ],
        },
      ],
    },
  },
  {
    folder: 'Curriculum frameworks',
    title: 'Developmental domains at a glance',
    description: 'A one-page reminder of the five developmental domains and what each looks like in play.',
    file: 'developmental-domains.txt',
    microTopics: ['Principles of Child Development'],
    body: {
      text: `DEVELOPMENTAL DOMAINS AT A GLANCE

Development is holistic: the domains grow together and affect each other. A child building a tower is using fine motor skills, planning, language ("higher!"), and managing frustration when it falls.

1. Physical - gross motor (running, climbing, balance) and fine motor (grasping, drawing, threading).
   In play: obstacle courses, playdough, puzzles, pouring water.

2. Cognitive - attention, memory, problem solving, early maths and science concepts.
   In play: sorting collections, building ramps, "what will happen if...?" questions.

3. Language and communication - listening, speaking, early literacy, non-verbal communication.
   In play: conversations during pretend play, shared books, songs and rhymes.

4. Social - relationships, cooperation, turn-taking, belonging.
   In play: group construction, games with simple rules, role play.

5. Emotional - recognising and naming feelings, self-regulation, confidence.
   In play: puppets, calm corners, acting out familiar stories.

Remember: typical ages are ranges, not deadlines. Observe each child over time and in different situations before drawing conclusions, and share what you notice with families.
`,
    },
  },
  {
    folder: 'Observation templates',
    title: 'Anecdotal observation checklist',
    description: 'How to write a useful anecdotal record, with a checklist to review your own notes.',
    file: 'anecdotal-observation-checklist.pdf',
    microTopics: ['Anecdotal Records', 'Objective and Subjective Recording'],
    body: {
      pdf: [
        {
          heading: 'What an anecdotal record is',
          paragraphs: [
            'An anecdotal record is a short, factual account of one event, written soon after it happens. It records what a child did and said, in order, without judgement. Over weeks, a set of records shows patterns in a child’s learning and development.',
          ],
        },
        {
          heading: 'Record these details',
          paragraphs: [
            '- Child’s name (or initials), date, time and place (for example: outdoor sandpit, 10:15).',
            '- Who else was involved.',
            '- What happened, in the order it happened, in the past tense.',
            '- The child’s exact words in quotation marks, where you can.',
            '- Body language and actions you saw (not what you think the child felt).',
          ],
        },
        {
          heading: 'Checklist: review your record',
          paragraphs: [
            '[ ] Could a colleague picture exactly what happened from my notes alone?',
            '[ ] Have I written only what I saw and heard (objective), not labels such as "naughty", "shy" or "clever"?',
            '[ ] Did I write it within the same day?',
            '[ ] Are my interpretations kept separate, in a section of their own?',
            '[ ] Have I linked the observation to a learning outcome or developmental domain?',
            '[ ] Have I noted a possible next step (an experience, a resource, a question to ask)?',
            '[ ] Is the record stored securely, and shared only with people who need it?',
          ],
        },
        {
          heading: 'Example',
          paragraphs: [
            '12 March, 10:15, sandpit. M (3y 4m) filled a bucket with wet sand, turned it over and patted the top with a spade. When the castle fell apart she said, "Too dry. Need more water." She carried the bucket to the tap, added water, and tried again. The second castle held. She called to J: "Look! It stayed!"',
            'Interpretation (kept separate): M is testing cause and effect and persisting after a setback. Next step: add measuring cups to the sandpit and talk about "more" and "less" water.',
          ],
        },
      ],
    },
  },
  {
    folder: 'Observation templates',
    title: 'Daily routine plan: toddler room',
    description: 'A sample day for children aged 18 months to 3 years, with the learning in each routine.',
    file: 'toddler-daily-routine.pdf',
    microTopics: ['Self-Care Skills and Toilet Learning', 'Supervision and Safe Environments'],
    body: {
      pdf: [
        {
          heading: 'Principles',
          paragraphs: [
            'Toddlers thrive on predictable routines with flexible timing. Routines (arrival, meals, nappy changes, rest) are learning times, not interruptions: they are when toddlers practise self-care, language and cooperation one to one with an educator.',
          ],
        },
        {
          heading: 'A sample day',
          paragraphs: [
            '- 7:30 to 9:00  Arrival and free play. Greet each child and family by name; share one piece of news. Calm, familiar activities out.',
            '- 9:00  Handwashing and morning tea. Children serve themselves from small jugs and bowls; sit with them and talk.',
            '- 9:30 to 11:00  Play indoors and outdoors. Sensory tray, blocks, books, climbing, sandpit. Nappy changes and toileting as needed, one child at a time.',
            '- 11:00  Group song or story (5 to 10 minutes; children may leave and return).',
            '- 11:15  Handwashing and lunch. Toddlers feed themselves; expect mess.',
            '- 12:00 to 14:00  Rest. Each child sleeps to their own need; quiet play for those who do not sleep. Safe-sleep checks recorded every 10 minutes.',
            '- 14:00  Afternoon tea, then play outdoors.',
            '- 16:00 to 18:00  Calm play and departures. Tell each family one thing their child enjoyed today.',
          ],
        },
        {
          heading: 'Learning in the routines',
          paragraphs: [
            '- Self-care: washing hands, pulling up pants, putting on shoes, pouring a drink.',
            '- Language: naming foods, body parts, clothes; describing what comes next.',
            '- Belonging: a photo peg for bags, a familiar educator for nappy changes, a predictable goodbye ritual.',
          ],
        },
      ],
    },
  },
  {
    folder: 'Family communication',
    title: 'Welcome letter template for new families',
    description: 'A warm, editable first letter for families starting at the centre.',
    file: 'welcome-letter-template.txt',
    microTopics: ['Building Partnerships with Families', 'Supporting Transitions'],
    body: {
      text: `Dear [family name],

Welcome to [room name]! We are so glad that [child's name] is joining us, and we are looking forward to getting to know your family.

The first weeks are a big change for children and for families. Some children settle in days, others take weeks, and both are normal. To help, we suggest:

  - Short visits together before the first full day.
  - A comforter or a family photo from home in your child's bag.
  - A consistent goodbye: say goodbye, tell your child when you will be back, and leave. We will comfort them and let you know how they settled.

You know your child best. Please tell us about their routines, what comforts them, what they love, and anything about your family, culture or language that you would like us to include in our day.

Your child's primary educator is [educator's name]. You can reach us at [phone] or [e-mail], or talk to us at drop-off and pick-up.

Warm regards,
[Your name] and the [room name] team
`,
    },
  },
  {
    folder: 'Family communication',
    title: 'Sharing learning stories with families',
    description: 'How to write learning stories families enjoy reading and can add their own voice to.',
    file: 'sharing-learning-stories.pdf',
    microTopics: ['Building Partnerships with Families', 'Communicating Concerns with Families'],
    body: {
      pdf: [
        {
          heading: 'What a learning story is',
          paragraphs: [
            'A learning story is a short narrative, often with photos, that tells a child’s learning as a story: what happened, what it shows about the child as a learner, and what might come next. It is written to the child or the family in warm, everyday language.',
          ],
        },
        {
          heading: 'Three parts',
          paragraphs: [
            '- What happened: describe the moment (who, what, where), with the child’s words.',
            '- What it means: the learning you noticed (persistence, curiosity, kindness, an early maths idea) in plain words.',
            '- What next: how you will support this learning, and an invitation for the family to respond.',
          ],
        },
        {
          heading: 'Tips',
          paragraphs: [
            '- Focus on strengths: what the child can do and is trying to do.',
            '- Avoid jargon; if you use a term such as "self-regulation", explain it.',
            '- Invite the family’s voice: "Have you seen this at home?" Add their reply to the story.',
            '- Share stories regularly for every child, not only when something is wrong.',
            '- A concern is never shared first in a learning story: talk with the family in person, privately.',
          ],
        },
      ],
    },
  },
];
