import { matching, multiple, short, single, trueFalse } from '../question-builders.ts';
import type { CatalogueSubTopic } from '../types.ts';

export const principlesSubTopic: CatalogueSubTopic = {
  name: 'Principles of Observation',
  microTopics: [
    {
      key: 'oa-why-observe',
      name: 'Why Educators Observe',
      description:
        'The purposes of observing children and how observation drives planning, assessment and communication with families.',
      prerequisites: [],
      questions: [
        multiple(
          1,
          'What are the purposes of observing young children? Select all that apply.',
          [
            "To learn about each child's interests, strengths and needs",
            'To plan experiences that build on what children know',
            'To identify possible developmental concerns early',
            'To rank children against each other',
            'To share meaningful information with families',
          ],
          [0, 1, 2, 4],
          'Observation helps educators understand individual children, plan responsive curriculum, notice concerns and communicate with families; its purpose is never to rank children.',
        ),
        trueFalse(
          1,
          "Observation is most informative when it happens during children's everyday play and routines.",
          true,
          'Children show what they really know and can do in familiar, natural situations; observing across play and routines gives a more accurate picture than one-off testing.',
        ),
        short(
          2,
          'Observing a child without interacting, for example from the edge of the room with a notepad, is what type of observation? (Its opposite is participant observation.)',
          ['non-participant', 'non-participant observation'],
          'In non-participant observation the educator steps back to record; in participant observation they observe while interacting. Both are useful, but stepping back allows more detailed records.',
        ),
        single(
          2,
          'An educator notices that a child has spent a week drawing maps. What is the best next step?',
          [
            'Plan experiences that build on this interest, such as making a map of the playground together',
            'Redirect the child to a different activity to keep things balanced',
            'Record it and take no further action',
            'Tell the family that the child is obsessed with maps',
          ],
          0,
          'Observation is only valuable when it informs action; building on an interest extends learning in literacy, spatial thinking and mathematics.',
        ),
        matching(
          3,
          'Match each observation method to the situation in which it is most useful.',
          [
            ['Anecdotal record', 'Capturing a significant moment shortly after it happens'],
            ['Running record', 'Recording everything a child does over a set period'],
            ['Event sampling', 'Finding out when and why a specific behaviour occurs'],
            ['Checklist', 'Quickly noting whether specific skills are present'],
          ],
          'Choosing the method to suit the question saves time and gives better information: narrative methods capture richness, while sampling and checklists focus on particular behaviours or skills.',
        ),
      ],
    },
    {
      key: 'oa-objective-recording',
      name: 'Objective and Subjective Recording',
      description:
        'Writing factual, descriptive observations, keeping them separate from interpretation, and avoiding labels and judgements.',
      prerequisites: ['oa-why-observe'],
      questions: [
        single(
          1,
          'Which observation statement is objective?',
          [
            'Leo stacked six blocks, then knocked them down and laughed.',
            'Leo was bored, so he destroyed the tower.',
            'Leo is an aggressive child.',
            'Leo had a great time with the blocks.',
          ],
          0,
          "Objective statements record what was seen and heard; 'bored', 'aggressive' and 'a great time' are interpretations or judgements that the observer cannot directly see.",
        ),
        trueFalse(
          1,
          'Interpretations should be written separately from the factual record of an observation.',
          true,
          'Keeping the record and the interpretation apart lets others check whether the conclusions are supported by the evidence, and it reduces bias.',
        ),
        multiple(
          2,
          'Which of these words are subjective labels that should be kept out of the factual record? Select all that apply.',
          ['naughty', 'shy', 'walked', 'lazy', 'said'],
          [0, 1, 3],
          'Labels such as naughty, shy or lazy judge the child; describe instead what the child did and said, so the record is accurate and fair.',
        ),
        short(
          2,
          'What is the name for the part of an observation that explains what the observed facts might mean, and that is kept separate from the objective record?',
          ['interpretation', 'an interpretation', 'analysis', 'inference'],
          'An interpretation (or inference) draws meaning from the observed facts, often linked to developmental knowledge or theory; it should be clearly labelled and backed by evidence.',
        ),
        matching(
          3,
          'Match each subjective statement to a more objective rewrite.',
          [
            [
              'Ava is shy.',
              'Ava stood at the door and watched the group for five minutes before sitting down.',
            ],
            ['Tom was naughty at lunch.', 'Tom threw his spoon on the floor twice during lunch.'],
            ['Maya loves painting.', 'Maya chose the easel on four of the five days this week.'],
            ['Ben was upset.', 'Ben cried and said "I want Mummy" after his father left.'],
          ],
          'Objective rewrites describe specific actions, words, durations and frequencies; they give far more useful information and avoid labelling the child.',
        ),
      ],
    },
    {
      key: 'oa-observer-bias',
      name: 'Bias and Reliability in Observation',
      description:
        'How observer bias creeps into records, and how multiple observations, contexts and perspectives make assessment fairer and more reliable.',
      prerequisites: ['oa-objective-recording'],
      questions: [
        trueFalse(
          1,
          "Educators' own cultural backgrounds and expectations can influence what they notice and how they interpret children's behaviour.",
          true,
          "Everyone observes through their own lens; recognising this, and checking interpretations with families and colleagues, makes observations fairer, especially for children whose culture differs from the educator's.",
        ),
        single(
          1,
          'Why should educators observe a child several times, in different settings and at different times of day?',
          [
            'To get a more accurate and balanced picture of the child',
            'To meet a paperwork quota',
            'Because a single observation is always wrong',
            'To catch the child misbehaving',
          ],
          0,
          'Behaviour varies with the time of day, activity, peers and mood; observing across contexts reduces the chance of drawing conclusions from an unusual moment.',
        ),
        matching(
          2,
          'Match each type of observer bias to its example.',
          [
            ['Halo effect', 'Rating a charming, talkative child highly on skills that were never observed'],
            [
              'Confirmation bias',
              'Noticing only the incidents that fit a belief that a child is "difficult"',
            ],
            [
              'Cultural bias',
              'Judging a child as rude for avoiding eye contact, which shows respect in their family',
            ],
            ['Recency effect', 'Basing an end-of-term summary mainly on what happened last week'],
          ],
          'Naming common biases helps observers notice them; objective records, several observers and evidence gathered over time counter them.',
        ),
        short(
          2,
          'What term describes using several sources of evidence, such as observations, work samples and family input, to confirm an assessment?',
          ['triangulation', 'triangulating'],
          'When observations, work samples and family perspectives point the same way, the assessment is more trustworthy; this is triangulation.',
        ),
        multiple(
          3,
          'Which strategies reduce bias in observations? Select all that apply.',
          [
            'Recording observations as soon as possible after they happen',
            'Asking a colleague to observe the same child and comparing notes',
            "Seeking the family's perspective on the child's behaviour at home",
            'Only observing children you already know well',
            'Using descriptive, specific language rather than labels',
          ],
          [0, 1, 2, 4],
          "Timely, descriptive records, checked against other observers and the family's knowledge, reduce distortion from memory, assumptions and culture.",
        ),
      ],
    },
    {
      key: 'oa-ethics-of-observation',
      name: 'Ethics and Confidentiality in Observation',
      description:
        "Consent, confidentiality, respectful documentation, secure storage and children's right to a say in how they are observed.",
      prerequisites: ['oa-why-observe'],
      questions: [
        single(
          1,
          "Who may read a child's observation records and assessments?",
          [
            "The child's family, and staff who need the information to educate and care for the child",
            'Any parent who asks',
            'Anyone who works in the building',
            'Visitors who are interested in the programme',
          ],
          0,
          "Records are confidential: access is limited to the family and those with a legitimate need to know, in line with the programme's privacy policy and the law where you work.",
        ),
        trueFalse(
          1,
          "It is acceptable to discuss a child's observation record with friends outside work as long as you do not mention the child's surname.",
          false,
          'Confidentiality means not sharing information about children outside professional purposes at all; first names, photos and details can still identify a child and family.',
        ),
        multiple(
          2,
          "Which practices protect children's privacy in documentation? Select all that apply.",
          [
            'Getting family consent before photographing children or sharing images',
            'Storing records securely, in locked cabinets or password-protected systems',
            'Posting photos of children on personal social media',
            'Using only the photos and information that families have agreed to',
            'Taking photos on a personal phone and keeping them',
          ],
          [0, 1, 3],
          'Consent, secure storage and approved devices protect children; personal devices and social media create serious privacy and safeguarding risks.',
        ),
        short(
          2,
          "When a young child agrees to be photographed or observed after the educator asks them, separately from the parent's consent, what is this agreement often called?",
          ['assent', 'child assent', "the child's assent"],
          'Respecting assent, for example asking "May I take a photo of your tower?" and accepting no, treats children as rights holders, in line with Article 12 of the UN Convention on the Rights of the Child.',
        ),
        single(
          3,
          'A parent asks to see the observation notes about another child who bit their son. What should the educator do?',
          [
            'Explain that information about other children is confidential, and describe what is being done to support their own child and prevent further incidents',
            'Show the notes so the parent can understand what happened',
            "Tell the parent the other child's name so the families can talk",
            'Refuse to discuss the incident at all',
          ],
          0,
          'Families are entitled to information about their own child, including what the programme is doing about an incident, but not to confidential details about other children; a respectful explanation maintains trust.',
        ),
      ],
    },
  ],
};
