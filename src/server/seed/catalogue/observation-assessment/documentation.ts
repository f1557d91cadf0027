import { matching, multiple, ordering, short, single, trueFalse } from '../question-builders.ts';
import type { CatalogueSubTopic } from '../types.ts';

export const documentationSubTopic: CatalogueSubTopic = {
  name: 'Assessment and Documentation',
  microTopics: [
    {
      key: 'oa-developmental-screening',
      name: 'Developmental Screening and Assessment',
      description:
        'Screening versus assessment, formative and summative assessment, authentic assessment, developmental red flags and referral.',
      prerequisites: ['oa-checklists-sampling'],
      questions: [
        single(
          1,
          'What is the purpose of developmental screening?',
          [
            'To identify children who may need a closer evaluation',
            'To diagnose a specific disability',
            'To decide which children may enrol',
            "To grade children's school readiness",
          ],
          0,
          'Screening is a brief check that flags children who might benefit from a closer look by specialists; it does not diagnose, and educators never diagnose.',
        ),
        trueFalse(
          1,
          'Educators can diagnose developmental conditions such as autism if they have observed the child carefully.',
          false,
          'Diagnosis requires qualified health professionals; educators share observations, support families to seek assessment and contribute information to the process.',
        ),
        matching(
          2,
          'Match each assessment term to its meaning.',
          [
            ['Formative assessment', 'Ongoing assessment used to guide day-to-day teaching'],
            ['Summative assessment', 'A summary of learning at the end of a period, such as a term report'],
            ['Authentic assessment', "Assessment of children's real skills during everyday activities"],
            ['Diagnostic evaluation', 'In-depth assessment by specialists to identify a specific condition'],
          ],
          'Early childhood assessment is mostly formative and authentic, gathered during play and routines, while diagnosis is the role of qualified specialists.',
        ),
        short(
          2,
          'When an educator and a family agree that a child should be seen by a specialist, such as a speech-language therapist, what is the process of connecting them to that service called?',
          ['referral', 'a referral', 'referring'],
          "A referral, made with the family's consent and involvement, links the child to specialist assessment or early intervention, which is most effective when it starts early.",
        ),
        multiple(
          3,
          'Which of these are developmental red flags that warrant a conversation with the family about further assessment? Select all that apply.',
          [
            'Loss of previously gained speech or social skills at any age',
            'No babbling or gesturing, such as pointing, by about 12 months',
            'No single words by about 16 months',
            'Preferring one favourite toy over others',
            'Not yet walking at 10 months',
          ],
          [0, 1, 2],
          'Loss of skills at any age, no babbling or gestures by 12 months and no single words by 16 months are widely recognised red flags; not walking at 10 months is within the typical range, and toy preferences are normal.',
        ),
      ],
    },
    {
      key: 'oa-portfolios',
      name: 'Portfolios and Learning Stories',
      description:
        "Building meaningful portfolios from work samples, photos and the child's voice, and writing narrative learning stories.",
      prerequisites: ['oa-anecdotal-records'],
      questions: [
        multiple(
          1,
          "Which items could belong in a child's learning portfolio? Select all that apply.",
          [
            'Dated work samples, such as drawings and early writing',
            'Photos of the child engaged in learning, with captions',
            "The child's own comments about their work",
            "Notes about other children's behaviour",
          ],
          [0, 1, 2],
          "Portfolios collect dated evidence of a child's learning over time, ideally including the child's own voice; information about other children must never be included.",
        ),
        trueFalse(
          1,
          'Children can be involved in choosing what goes into their own portfolios.',
          true,
          'Inviting children to pick favourite work and explain why builds reflection and ownership, and adds their perspective on their own learning.',
        ),
        short(
          2,
          'Who developed the learning stories approach to assessment in New Zealand?',
          ['Margaret Carr', 'Carr'],
          "Margaret Carr developed learning stories, narrative assessments focused on strengths and learning dispositions, in the context of New Zealand's Te Whāriki curriculum.",
        ),
        ordering(
          2,
          "Put the three processes at the heart of Margaret Carr's approach to learning stories in order.",
          ['Noticing', 'Recognising', 'Responding'],
          'Educators notice what a child is doing, recognise its significance for learning, and respond by supporting and extending it; writing the story down lets children and families revisit it.',
        ),
        single(
          3,
          'Which extract best fits the style of a learning story?',
          [
            'Ana, today you worked for a long time to get the water wheel to turn. You tried three different tubes until it spun! Next, we could find out what happens with a bigger jug.',
            'Ana achieved three out of five fine motor objectives this term.',
            'Ana still cannot pour without spilling.',
            'Ana played at the water tray for 10 minutes.',
          ],
          0,
          'Learning stories are narrative, strengths-based and often addressed to the child; they highlight dispositions such as persistence and suggest next steps, rather than listing deficits or bare facts.',
        ),
      ],
    },
    {
      key: 'oa-pedagogical-documentation',
      name: 'Pedagogical Documentation',
      description:
        "Making children's learning visible through documentation that educators, children and families revisit, discuss and use for planning.",
      prerequisites: ['oa-portfolios', 'pl-curriculum-approaches'],
      questions: [
        single(
          1,
          "What distinguishes pedagogical documentation from simply displaying children's artwork?",
          [
            "It shows the process of learning and the educators' reflections, and is used to plan next steps",
            'It displays only the best finished products',
            'It is kept private from the children',
            'It is created once at the end of the year',
          ],
          0,
          'Pedagogical documentation, central to Reggio Emilia, captures the process through photos, quotes, work in progress and interpretation, and is revisited to deepen thinking and plan rather than to decorate walls.',
        ),
        trueFalse(
          1,
          "Revisiting documentation with children, for example looking at photos of yesterday's investigation, can help them reflect on and extend their thinking.",
          true,
          'When children see and talk about records of their work, they recall ideas, explain their theories and propose next steps, so documentation becomes a tool for learning, not just a record.',
        ),
        multiple(
          2,
          'Which elements often appear in a documentation panel? Select all that apply.',
          [
            'Photos of children at work that show the process',
            "Children's own words and quotes",
            "Educators' interpretations of the learning",
            'A ranking of whose work was best',
          ],
          [0, 1, 2],
          "Combining images, children's words and educators' reflections makes learning visible to children, families and colleagues; comparing or ranking children has no place in it.",
        ),
        short(
          2,
          'Reggio Emilia schools often include an educator with a background in the visual arts who works with children and teachers in a studio. What is this person called?',
          ['atelierista'],
          "The atelierista works in the atelier (studio), supporting children's expression through many materials and contributing to the documentation of their thinking.",
        ),
        ordering(
          3,
          'Put these phases of a documentation cycle in order.',
          [
            'Observe and collect traces of learning, such as photos, notes and work',
            'Interpret the traces with colleagues',
            'Share and revisit the documentation with children and families',
            'Use the insights to plan the next steps of the project',
          ],
          'Documentation is a cycle of observing, interpreting, sharing and planning; collaborative interpretation and revisiting with children are what distinguish it from simple record keeping.',
        ),
      ],
    },
    {
      key: 'oa-planning-from-assessment',
      name: 'Planning from Assessment and Reporting Progress',
      description:
        'Turning assessment information into individual and group goals, writing useful goals, and sharing progress with families in a strengths-based way.',
      prerequisites: ['oa-portfolios', 'pl-educator-role-in-play'],
      questions: [
        trueFalse(
          1,
          'Assessment information should be used to plan the next learning experiences for each child.',
          true,
          'Assessment closes the loop of the planning cycle: what educators learn about each child informs goals, experiences and changes to the environment.',
        ),
        single(
          1,
          'Which learning goal is the most specific and measurable?',
          [
            'Jamal will use words to ask a friend for a turn in at least three play episodes this week.',
            'Jamal will get better at social skills.',
            'Jamal will be nicer to his friends.',
            'Jamal will improve.',
          ],
          0,
          'Specific, observable goals make clear what success looks like and how it will be noticed; vague goals are hard to plan for or evaluate.',
        ),
        short(
          2,
          'Goals are often written to be Specific, Measurable, Achievable, Relevant and Time-bound. Which acronym describes this?',
          ['SMART', 'SMART goals'],
          "SMART goals focus planning; for example, 'will cut along a straight line with child-safe scissors by the end of term' is specific, observable and time-bound.",
        ),
        multiple(
          2,
          'Which practices make progress reports to families strengths-based? Select all that apply.',
          [
            'Starting with what the child can do and enjoys',
            'Using examples and photos of real learning',
            'Comparing the child with the rest of the group',
            "Inviting the family's observations and goals",
            'Describing next steps as opportunities for growth',
          ],
          [0, 1, 3, 4],
          'Strengths-based reporting begins with competence, uses concrete evidence, welcomes family knowledge and frames next steps positively; comparing children undermines trust and says little about the child.',
        ),
        ordering(
          3,
          'Put these steps for planning an individual goal for a child in order.',
          [
            'Gather observations from several sources, including the family',
            'Analyse the evidence to identify strengths and needs',
            'Set a specific goal together with the family',
            'Plan strategies and experiences across the day',
            'Monitor progress and review the goal',
          ],
          'Individual planning starts from evidence and partnership, turns into concrete strategies woven into everyday routines and play, and is reviewed so that goals stay relevant.',
        ),
      ],
    },
  ],
};
