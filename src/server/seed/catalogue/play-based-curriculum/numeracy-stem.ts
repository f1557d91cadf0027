import { matching, multiple, ordering, short, single, trueFalse } from '../question-builders.ts';
import type { CatalogueSubTopic } from '../types.ts';

export const numeracyStemSubTopic: CatalogueSubTopic = {
  name: 'Early Numeracy and STEM',
  microTopics: [
    {
      key: 'pl-number-sense',
      name: 'Number Sense and Counting',
      description:
        "Gelman and Gallistel's counting principles, subitising, cardinality and everyday ways to build number sense.",
      prerequisites: ['cd-piaget-stages'],
      questions: [
        short(
          1,
          'What term describes instantly recognising how many items are in a small group, such as the dots on a dice, without counting?',
          ['subitising', 'subitizing'],
          "Subitising (from the Latin for 'suddenly') lets children see small quantities at a glance; dot cards, dice games and finger patterns build it.",
        ),
        trueFalse(
          1,
          'A child who can recite the numbers from one to twenty in order necessarily understands what each number means.',
          false,
          'Rote counting is reciting a sequence, like a song; understanding quantity also needs one-to-one correspondence and cardinality, which develop separately.',
        ),
        matching(
          2,
          "Match each of Gelman and Gallistel's counting principles to its description.",
          [
            ['One-to-one correspondence', 'Each object is counted once and only once, with one number word'],
            ['Stable order', 'Number words are always said in the same sequence'],
            ['Cardinality', 'The last number said tells how many are in the set'],
            ['Abstraction', 'Any collection can be counted, even sounds or ideas'],
            ['Order irrelevance', 'Objects can be counted in any order and give the same total'],
          ],
          'Gelman and Gallistel (1978) identified these five principles; the first three describe how to count and the last two describe what can be counted.',
        ),
        single(
          2,
          "After counting five blocks, a child is asked, 'How many blocks are there?' and starts counting again from one. Which principle is the child still developing?",
          ['Cardinality', 'Stable order', 'Abstraction', 'Subitising'],
          0,
          'A child who understands cardinality knows that the last number said represents the total, so they answer "five" without recounting.',
        ),
        multiple(
          3,
          'Which of the following show that a child understands one-to-one correspondence? Select all that apply.',
          [
            'Touching each object once while saying one number word',
            'Giving each doll exactly one plate',
            'Saying number words faster than they point, skipping objects',
            'Moving counted objects to one side so they are not counted twice',
            'Counting the same object twice',
          ],
          [0, 1, 3],
          'Matching each object to one number word, or one plate to each doll, shows one-to-one correspondence; moving counted items aside is a sophisticated way of keeping track. Skipping or double-counting shows the skill is still developing.',
        ),
      ],
    },
    {
      key: 'pl-early-math-concepts',
      name: 'Patterns, Shapes and Measurement',
      description:
        'Early algebraic thinking through patterns, geometry and spatial sense, sorting and classifying, and measuring with non-standard units.',
      prerequisites: ['pl-number-sense'],
      questions: [
        single(
          1,
          'Which of these is an ABB pattern?',
          [
            'red, blue, blue, red, blue, blue',
            'red, blue, red, blue',
            'red, red, blue, blue',
            'red, blue, green, red, blue, green',
          ],
          0,
          'In an ABB pattern the repeating unit is one A followed by two Bs; identifying the unit that repeats is the core of early pattern work and algebraic thinking.',
        ),
        trueFalse(
          1,
          'Using hand spans or blocks to measure the length of a table is an appropriate way for young children to begin learning about measurement.',
          true,
          'Non-standard units help children grasp the ideas behind measuring, such as repeating a unit without gaps or overlaps, before they use standard units such as centimetres.',
        ),
        short(
          2,
          "Words such as 'above', 'behind', 'next to' and 'between' build which area of early mathematical understanding?",
          ['spatial awareness', 'spatial sense', 'spatial reasoning', 'geometry'],
          'Position words and experiences such as block play, obstacle courses and puzzles develop spatial sense, which is linked to later achievement in mathematics and science.',
        ),
        ordering(
          2,
          'Put these patterning skills in the order in which they typically develop.',
          [
            'Recognising a simple repeating pattern',
            'Copying a pattern',
            'Extending a pattern',
            'Identifying the core unit that repeats',
          ],
          "In Clements and Sarama's learning trajectory, children first recognise patterns, then copy and extend them, and later identify the repeating core unit, an early form of algebraic thinking.",
        ),
        multiple(
          3,
          'Which statements about squares are mathematically correct? Select all that apply.',
          [
            'A square is a special kind of rectangle',
            'A square turned onto one corner is still a square',
            'A square has four equal sides and four right angles',
            'A shape must sit on a flat side to be a square',
            'Squares and rhombuses are unrelated shapes',
          ],
          [0, 1, 2],
          'Children often meet shapes only in typical orientations; showing varied examples and non-examples, such as a tilted square or a long, thin triangle, builds concepts based on properties rather than appearance. A square is also a rhombus.',
        ),
      ],
    },
    {
      key: 'pl-early-science',
      name: 'Early Science Inquiry',
      description:
        "Supporting children's curiosity through the inquiry process (observing, questioning, predicting, testing and reflecting), indoors and in nature.",
      prerequisites: [],
      questions: [
        ordering(
          1,
          'Put these steps of a simple inquiry with young children in order.',
          [
            'Notice and wonder about something',
            'Ask a question',
            'Make a prediction',
            'Test it by experimenting or observing',
            'Talk about and record what happened',
          ],
          'Young scientists follow the same inquiry cycle as adults in a simpler form; educators support each step and help children compare results with their predictions.',
        ),
        trueFalse(
          1,
          'Educators need to know the answer to every science question before exploring it with children.',
          false,
          'Saying "I don\'t know. How could we find out?" models genuine inquiry; investigating together is often more valuable than a quick answer.',
        ),
        single(
          2,
          "Before dropping objects into a water tray, the educator asks, 'Which ones do you think will float?' Which science process skill is this encouraging?",
          ['Predicting', 'Measuring', 'Classifying', 'Communicating results'],
          0,
          'Asking children to predict before testing brings out their existing ideas, which they can then confirm or revise through observation.',
        ),
        multiple(
          2,
          "Which experiences support young children's science learning? Select all that apply.",
          [
            'Observing a caterpillar change over several weeks',
            'Exploring ramps and balls to see which rolls fastest',
            'Watching a demonstration that children may not touch',
            'Growing seeds and measuring the plants',
            'Taking magnifying glasses on a nature walk',
          ],
          [0, 1, 3, 4],
          'Hands-on, sustained investigations with real materials build science concepts and skills; demonstrations that children cannot explore themselves are far less effective for young learners.',
        ),
        short(
          3,
          "Which term, coined by Richard Louv, describes the possible costs to children's health and development when they spend too little time in nature?",
          ['nature-deficit disorder'],
          "Louv's 'nature-deficit disorder' is not a medical diagnosis, but it sparked a movement for more outdoor and nature-based learning, which supports curiosity, physical activity and wellbeing.",
        ),
      ],
    },
    {
      key: 'pl-engineering-and-technology',
      name: 'Building, Engineering and Technology',
      description:
        'Block play and the engineering design process, simple machines, and balanced, intentional use of digital technology with young children.',
      prerequisites: ['pl-early-math-concepts'],
      questions: [
        single(
          1,
          "In early childhood education, what does the 'E' in STEM stand for?",
          ['Engineering', 'English', 'Exercise', 'Environment'],
          0,
          'STEM stands for science, technology, engineering and mathematics; in early childhood, engineering looks like designing, building and improving structures and solutions.',
        ),
        trueFalse(
          1,
          'Block play supports mathematical learning such as measurement, shape, balance and spatial reasoning.',
          true,
          'Building with unit blocks involves comparing lengths, symmetry, balance and problem solving; research links complex block play with later mathematics achievement.',
        ),
        ordering(
          2,
          'Put the steps of a simple engineering design process for children in order.',
          [
            'Ask: what is the problem?',
            'Imagine possible solutions',
            'Plan a design',
            'Create and test it',
            'Improve the design',
          ],
          'The Ask–Imagine–Plan–Create–Improve cycle shows children that failures are useful information and that designs get better through testing.',
        ),
        matching(
          2,
          'Match each simple machine to an everyday example children might explore.',
          [
            ['Lever', 'A seesaw'],
            ['Inclined plane', 'A ramp for rolling cars'],
            ['Wheel and axle', 'A toy truck'],
            ['Pulley', 'A bucket lifted on a rope over a bar'],
          ],
          'Simple machines are all around children; exploring them in play builds an intuitive understanding of force and motion long before formal physics.',
        ),
        multiple(
          3,
          "Which statements reflect the World Health Organization's 2019 guidelines on physical activity, sedentary behaviour and sleep for children under five? Select all that apply.",
          [
            'Sedentary screen time is not recommended for children under 2 years',
            'For children aged 2 to 4, sedentary screen time should be no more than 1 hour a day, and less is better',
            'Children aged 3 to 4 should spend at least 180 minutes a day in a variety of physical activities',
            'Educational apps can replace active play for preschoolers',
            'Two hours of screen time a day is recommended for 1-year-olds',
          ],
          [0, 1, 2],
          'The WHO recommends no sedentary screen time before age 2, no more than one hour for ages 2 to 4, and at least 180 minutes of varied physical activity a day for 3- and 4-year-olds.',
        ),
      ],
    },
  ],
};
