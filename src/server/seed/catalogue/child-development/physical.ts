import { matching, multiple, ordering, short, single, trueFalse } from '../question-builders.ts';
import type { CatalogueSubTopic } from '../types.ts';

export const physicalSubTopic: CatalogueSubTopic = {
  name: 'Physical Development and the Brain',
  microTopics: [
    {
      key: 'cd-brain-development',
      name: 'Early Brain Development',
      description:
        'How early experiences shape brain architecture: synapse formation and pruning, serve-and-return interaction, and the effects of stress.',
      prerequisites: [],
      questions: [
        trueFalse(
          1,
          'The first few years of life are a period of especially rapid brain development.',
          true,
          'In the early years the brain forms new neural connections faster than at any later time, which is why early relationships and experiences matter so much.',
        ),
        short(
          1,
          'What name does the Harvard Center on the Developing Child give to the back-and-forth exchanges, such as a baby babbling and an adult responding, that build brain architecture?',
          ['serve and return'],
          'Like a game of tennis, the child "serves" with a look, sound or gesture and the adult "returns" it; these responsive exchanges strengthen the neural connections behind language and social skills.',
        ),
        single(
          2,
          'Synaptic pruning in early childhood refers to:',
          [
            'The elimination of rarely used neural connections so that frequently used ones become more efficient',
            'The loss of brain cells caused by poor nutrition',
            'The surgical removal of damaged brain tissue',
            'The slowing of all brain growth after age three',
          ],
          0,
          'The young brain overproduces synapses and then prunes those that are not used ("use it or lose it"), so repeated experiences strengthen the pathways that remain.',
        ),
        multiple(
          2,
          'Which experiences support healthy early brain development? Select all that apply.',
          [
            'Responsive, warm relationships with consistent caregivers',
            'Talking, singing and reading with the child every day',
            'Good nutrition and enough sleep',
            'Long periods of screen time to build attention',
            'Frequent exposure to unpredictable, frightening situations',
          ],
          [0, 1, 2],
          'Relationships, rich language, nutrition and sleep all build brain architecture; heavy screen use displaces interaction, and chronic fear keeps the stress response switched on in ways that can harm development.',
        ),
        matching(
          3,
          'Match each type of stress response described by the Harvard Center on the Developing Child to its example.',
          [
            [
              'Positive stress',
              'Brief nervousness on the first day at a new centre, eased by a supportive educator',
            ],
            [
              'Tolerable stress',
              'A serious but time-limited event, such as a bereavement, buffered by caring adults',
            ],
            ['Toxic stress', 'Strong, frequent or prolonged adversity without adequate adult support'],
          ],
          'Stress is not always harmful; what matters most is the presence of supportive relationships. Toxic stress, prolonged activation of the stress response without adult buffering, can disrupt developing brain architecture.',
        ),
      ],
    },
    {
      key: 'cd-gross-motor',
      name: 'Gross Motor Development',
      description:
        'Typical sequences and age ranges for large-muscle skills, from head control to hopping and skipping, and how to support them.',
      prerequisites: ['cd-development-principles'],
      questions: [
        ordering(
          1,
          'Put these infant gross motor milestones in the order in which they typically appear.',
          [
            'Holds head steady when held upright',
            'Rolls from tummy to back',
            'Sits without support',
            'Pulls to stand',
            'Walks independently',
          ],
          'Head control comes first (cephalocaudal development), followed by rolling, sitting, pulling to stand and walking, usually around the first birthday, although timing varies widely.',
        ),
        single(
          1,
          'Within which age range do healthy children typically take their first independent steps?',
          ['About 3 to 6 months', 'About 8 to 18 months', 'About 24 to 30 months', 'About 3 to 4 years'],
          1,
          'The WHO Multicentre Growth Reference Study found that healthy children begin walking alone anywhere from about 8 to 18 months; not walking by about 18 months is a reason to suggest a health check to the family.',
        ),
        trueFalse(
          2,
          'Crawling on hands and knees is a required step before walking, so a child who never crawls is showing a developmental delay.',
          false,
          'Some typically developing children bottom-shuffle, roll or go straight to pulling up and walking; in the WHO motor study a small share of healthy children never crawled on hands and knees. Look at the overall pattern of development rather than one skipped skill.',
        ),
        short(
          2,
          'Which locomotor skill, a step and a hop on alternating feet, is usually one of the last basic movement skills to develop, often at around age 5 to 6?',
          ['skipping', 'skip'],
          'Skipping combines a step and a hop with alternating feet and needs balance, coordination and rhythm, so it usually emerges after running, jumping and hopping.',
        ),
        multiple(
          3,
          'Which gross motor skills would you typically expect to be emerging or established in a four-year-old? Select all that apply.',
          [
            'Running smoothly and changing direction',
            'Climbing steps or ladders with alternating feet',
            'Hopping on one foot a few times',
            'Skipping smoothly with alternating feet',
            'Riding a two-wheel bicycle without training wheels',
          ],
          [0, 1, 2],
          'By around four, most children run confidently, climb with alternating feet and are beginning to hop on one foot; smooth skipping and riding a two-wheeler usually come later, at around five to seven.',
        ),
      ],
    },
    {
      key: 'cd-fine-motor',
      name: 'Fine Motor Development',
      description:
        'The progression of grasp patterns, drawing and tool use, and everyday activities that strengthen the small muscles of the hand.',
      prerequisites: ['cd-gross-motor'],
      questions: [
        ordering(
          1,
          'Put these grasp patterns in the order in which they typically develop.',
          ['Reflexive (palmar) grasp', 'Raking grasp', 'Pincer grasp', 'Tripod grasp on a crayon or pencil'],
          'Newborns show a reflexive palmar grasp; infants then rake small items towards themselves, develop a pincer grasp at around 9 to 12 months, and use a tripod grasp on writing tools during the preschool years.',
        ),
        short(
          1,
          'What is the name of the grasp in which a baby picks up a small object between the tips of the thumb and index finger, usually at around 9 to 12 months?',
          ['pincer grasp', 'pincer'],
          'The pincer grasp lets a baby pick up small items such as pieces of food, which is one reason choking hazards need extra attention at this age.',
        ),
        single(
          2,
          'A child can copy a circle but not yet a cross, square or triangle. Which age is this most typical of?',
          ['About 18 months', 'About 3 years', 'About 6 years', 'About 8 years'],
          1,
          'Children typically copy a circle at around 3, a cross at around 4, a square at around 4 to 5 and a triangle at around 5, so copying only a circle fits about age 3.',
        ),
        multiple(
          2,
          'Which activities strengthen the hand muscles and coordination children need for later writing? Select all that apply.',
          [
            'Squeezing and rolling playdough',
            'Using tongs or tweezers to move small objects',
            'Tearing paper for a collage',
            'Daily letter-tracing worksheets for three-year-olds',
            'Threading large beads onto a lace',
          ],
          [0, 1, 2, 4],
          'Playful manipulation such as dough, tongs, tearing and threading builds hand strength, finger isolation and hand–eye coordination; formal tracing worksheets are not developmentally appropriate for most three-year-olds.',
        ),
        trueFalse(
          3,
          'Hand dominance is usually firmly established by about 12 months, so educators should encourage infants to use their right hand.',
          false,
          'Hand preference emerges gradually and is often not consistent until about 4 to 6 years; educators should let children choose and never try to switch a left-handed child.',
        ),
      ],
    },
    {
      key: 'cd-self-care-toileting',
      name: 'Self-Care Skills and Toilet Learning',
      description:
        'Supporting independence in dressing, eating and toileting, recognising toilet-learning readiness and working in partnership with families.',
      prerequisites: ['cd-erikson-psychosocial'],
      questions: [
        multiple(
          1,
          'Which are common signs that a toddler may be ready to begin toilet learning? Select all that apply.',
          [
            'Stays dry for about two hours at a time',
            'Shows interest in the toilet or in wearing underwear',
            'Can follow simple instructions',
            'Has just turned 18 months, so must be ready',
            'Tells an adult, or shows through body language, that they are wetting or soiling',
          ],
          [0, 1, 2, 4],
          'Readiness is physical, cognitive and emotional rather than a fixed birthday; staying dry for longer, showing interest, following simple directions and awareness of wetting are common signs.',
        ),
        trueFalse(
          1,
          'Toileting accidents should be handled calmly and without shaming the child.',
          true,
          "Accidents are a normal part of learning; shaming causes anxiety, can set toileting back and works against the toddler's developing sense of autonomy.",
        ),
        short(
          2,
          'When children learn to manage their own clothes, which usually comes first: dressing or undressing?',
          ['undressing'],
          'Taking clothes off (pulling off socks, hats or an unfastened jacket) is easier than putting them on, so undressing skills typically appear first, from the second year.',
        ),
        ordering(
          2,
          'Put these steps for helping a child use the toilet in a hygienic order.',
          [
            'Help the child lower their clothing and sit on the toilet',
            'Help the child wipe from front to back',
            'Help the child pull up their clothing and flush',
            'Help the child wash and dry their hands',
            'Wash and dry your own hands',
          ],
          'Wiping from front to back reduces the spread of bowel bacteria, and both the child and the adult wash their hands afterwards so that germs do not spread to surfaces, food and other children.',
        ),
        single(
          3,
          'A three-year-old who was toilet trained starts having daily accidents soon after a new baby arrives at home. What is the most appropriate response?',
          [
            'Treat it as a common, temporary regression: respond calmly, offer reassurance and talk with the family',
            'Put the child back in nappies full time until the accidents stop',
            'Introduce a sticker chart that removes a sticker after each accident',
            'Tell the child that big brothers and sisters do not have accidents',
          ],
          0,
          'Regression under stress, such as a new sibling, a move or starting care, is common; calm, supportive handling and a shared plan with the family usually resolve it, whereas punishment and shaming increase anxiety.',
        ),
      ],
    },
  ],
};
