import { matching, multiple, ordering, short, single, trueFalse } from '../question-builders.ts';
import type { CatalogueSubTopic } from '../types.ts';

export const methodsSubTopic: CatalogueSubTopic = {
  name: 'Observation Methods',
  microTopics: [
    {
      key: 'oa-anecdotal-records',
      name: 'Anecdotal Records',
      description:
        'Writing brief, factual narrative accounts of significant moments, and using them to follow development over time.',
      prerequisites: ['oa-objective-recording'],
      questions: [
        single(
          1,
          'An anecdotal record is best described as:',
          [
            'A brief, factual account of a single significant incident, written soon after it happens',
            'A continuous record of everything a child does for 20 minutes',
            'A list of skills marked as present or absent',
            'A tally of how often a behaviour occurs',
          ],
          0,
          'Anecdotal records capture one meaningful event in a few sentences (what happened, who was involved and what was said), written in the past tense shortly afterwards.',
        ),
        multiple(
          1,
          'What information should an anecdotal record include? Select all that apply.',
          [
            "The child's name or identifier and age",
            'The date, time and setting',
            'What the child did and said, described factually',
            "A diagnosis of the child's condition",
            "The observer's name",
          ],
          [0, 1, 2, 4],
          "Identifying details and context make records useful over time; diagnosis is outside the educator's role, and interpretation belongs in a separate section.",
        ),
        trueFalse(
          2,
          'Anecdotal records are usually written in the past tense because they are recorded after the event.',
          true,
          'Because anecdotal records are written soon after the incident rather than while it happens, they use the past tense; running records, written live, usually use the present tense.',
        ),
        short(
          2,
          'Educators often make very brief notes of key words and quotes on sticky notes during a busy day, to write up properly later. What are these brief notes often called?',
          ['jottings', 'jotting', 'field notes', 'quick notes'],
          'Jottings capture the essentials while memory is fresh; they are expanded into a full record the same day so that details are not lost.',
        ),
        ordering(
          3,
          'Put these steps for using anecdotal records in order.',
          [
            'Notice a significant moment',
            'Make brief notes of key words and exact quotes',
            'Write up the full factual record the same day',
            'Add a separate interpretation linked to development or learning goals',
            'Use it to plan next steps for the child',
          ],
          'Anecdotal records are only valuable when they move from noticing to recording, interpreting and planning; the interpretation is kept apart from the factual description.',
        ),
      ],
    },
    {
      key: 'oa-running-records',
      name: 'Running Records and Specimen Records',
      description:
        'Continuous, detailed narrative observation over a set period, and how it differs from other narrative methods.',
      prerequisites: ['oa-anecdotal-records'],
      questions: [
        single(
          1,
          'A running record is:',
          [
            'A detailed, continuous account of everything a child does and says over a set period',
            'A short note about one important event',
            "A graph of a child's height over time",
            'A checklist of developmental milestones',
          ],
          0,
          'Running records capture behaviour in sequence as it happens, usually for a few minutes up to about half an hour, giving rich detail for later analysis.',
        ),
        trueFalse(
          1,
          'To write a running record, the observer needs to be free of other responsibilities for the length of the observation.',
          true,
          'Because the observer records continuously, another educator must cover supervision; this is one reason running records are time-consuming and used selectively.',
        ),
        multiple(
          2,
          'What are the advantages of running records? Select all that apply.',
          [
            'They provide rich detail about behaviour in context',
            'They can reveal patterns the observer did not expect',
            'They are quick and need no extra staffing',
            'They capture sequence: what happened before and after',
          ],
          [0, 1, 3],
          "Running records are open-ended, so they catch unexpected details and sequences; their main drawback is that they take time and the observer's full attention.",
        ),
        short(
          2,
          "What is the name of the most detailed form of narrative observation, traditionally used in research, that records everything about a child's behaviour, including tone of voice and facial expressions?",
          ['specimen record', 'specimen records', 'specimen description'],
          "A specimen record aims to capture a 'specimen' of behaviour with nothing left out; it is valuable but very demanding.",
        ),
        matching(
          3,
          'Match each narrative observation method to its key feature.',
          [
            ['Anecdotal record', 'Brief and selective, written after the event'],
            ['Running record', 'Continuous, written during the event for a set time'],
            ['Specimen record', 'The most exhaustive detail, often used in research'],
            ['Diary record', "Regular notes tracking one child's development over a long period"],
          ],
          'Narrative methods differ in how selective they are, when they are written and how much detail they hold; the choice depends on the purpose and the staff time available.',
        ),
      ],
    },
    {
      key: 'oa-abc-observation',
      name: 'ABC Observation',
      description:
        'Antecedent–Behaviour–Consequence recording of behaviour that concerns educators, and using it to understand what the behaviour communicates.',
      prerequisites: ['oa-anecdotal-records', 'cd-self-regulation'],
      questions: [
        short(
          1,
          "In an ABC observation, what does the 'A' stand for?",
          ['antecedent', 'antecedents'],
          'ABC stands for antecedent (what happened just before), behaviour (what the child did) and consequence (what happened just after).',
        ),
        trueFalse(
          1,
          "ABC observations help educators focus on the child's character rather than on the situations surrounding the behaviour.",
          false,
          'ABC analysis deliberately looks at what happens before and after the behaviour, so educators can change the environment and their own responses rather than blaming the child.',
        ),
        single(
          2,
          'During group time, Sam pushes the child next to him, and the educator immediately takes Sam to sit beside her at the side. In ABC terms, what is "the educator takes Sam to sit beside her"?',
          ['The consequence', 'The antecedent', 'The behaviour', 'The setting'],
          0,
          'The consequence is what follows the behaviour; here Sam gains adult attention and leaves group time, which may be exactly what keeps the pushing going.',
        ),
        multiple(
          2,
          'Behaviour that concerns educators often serves a purpose for the child. Which are common functions of behaviour? Select all that apply.',
          [
            'Getting attention or connection',
            'Escaping or avoiding a task or situation',
            'Getting an object or activity',
            'Meeting a sensory need',
            'Annoying the educator for no reason',
          ],
          [0, 1, 2, 3],
          'Behaviour communicates a need: gaining attention, escaping demands, obtaining something or getting sensory input. Understanding the function guides support, whereas assuming malice does not.',
        ),
        ordering(
          3,
          'Put these steps for using ABC observations to support a child in order.',
          [
            'Describe the behaviour in observable terms',
            'Record the antecedent, behaviour and consequence each time it occurs',
            'Look for patterns across the records',
            'Form a hypothesis about the purpose of the behaviour',
            'Plan and try supportive strategies, then review',
          ],
          'A clear definition and several records reveal patterns; a hypothesis about the function of the behaviour then guides strategies that meet the same need in a more acceptable way.',
        ),
      ],
    },
    {
      key: 'oa-checklists-sampling',
      name: 'Checklists, Rating Scales and Sampling',
      description:
        'Structured methods (checklists, rating scales, time sampling and event sampling), their uses and their limitations.',
      prerequisites: ['oa-objective-recording'],
      questions: [
        single(
          1,
          'Which method is best for quickly recording whether a group of children can perform specific skills, such as hopping or cutting with scissors?',
          ['A checklist', 'A running record', 'A learning story', 'A specimen record'],
          0,
          'Checklists list specific skills or behaviours to be marked as observed or not; they are quick and easy to compare over time, but give little context.',
        ),
        matching(
          1,
          'Match each structured observation method to its description.',
          [
            ['Checklist', 'Records whether a skill or behaviour is present or absent'],
            [
              'Rating scale',
              'Records the degree or quality of a behaviour, such as never, sometimes or often',
            ],
            ['Time sampling', 'Records what is happening at set intervals, such as every five minutes'],
            ['Event sampling', 'Records each occurrence of a chosen behaviour and its context'],
          ],
          'Structured methods target defined behaviours or skills; the right choice depends on whether you need presence, degree, frequency over time or context.',
        ),
        trueFalse(
          2,
          'A completed developmental checklist gives a full picture of how and why a child does something.',
          false,
          'Checklists show whether a skill was observed, not how, why or in what context; pair them with narrative observations and work samples for a fuller picture.',
        ),
        short(
          2,
          'An educator records every time a child bites, noting what happened before and after each incident. Which sampling method is this?',
          ['event sampling', 'event sample'],
          'Event sampling records each occurrence of a defined behaviour as it happens; combined with ABC notes, it helps explain when and why the behaviour occurs.',
        ),
        multiple(
          3,
          'An educator wants to know how much of free-play time a child spends in solitary, parallel and cooperative play. Which statements about using time sampling for this are correct? Select all that apply.',
          [
            'Observe at fixed intervals, such as every two minutes, and record the type of play',
            'The play categories must be clearly defined before observing',
            'It will show exactly why the child chooses solitary play',
            'It gives a picture of how often each type of play occurs',
          ],
          [0, 1, 3],
          'Time sampling gives frequency data for predefined categories at set intervals; it shows how often, not why, so narrative observation or conversation is needed to explore reasons.',
        ),
      ],
    },
  ],
};
