import { matching, multiple, ordering, short, single, trueFalse } from '../question-builders.ts';
import type { CatalogueSubTopic } from '../types.ts';

export const playSubTopic: CatalogueSubTopic = {
  name: 'Play and Curriculum Approaches',
  microTopics: [
    {
      key: 'pl-value-of-play',
      name: 'Why Play Matters',
      description:
        "The characteristics of play, how play supports learning across every domain, and children's right to play.",
      prerequisites: [],
      questions: [
        multiple(
          1,
          'Which are widely recognised characteristics of play? Select all that apply.',
          [
            'Freely chosen by the child',
            'Intrinsically motivated: done for its own sake',
            'Focused more on the process than on a finished product',
            'Always directed by an adult towards a set outcome',
            'Actively engaging, often with an element of pretend',
          ],
          [0, 1, 2, 4],
          'Play is freely chosen, personally directed and intrinsically motivated, and values process over product; adult-directed tasks with fixed outcomes can be useful, but they are not play.',
        ),
        trueFalse(
          1,
          'The United Nations Convention on the Rights of the Child recognises play as a right of every child.',
          true,
          'Article 31 of the Convention recognises the right of the child to rest and leisure, and to engage in play and recreational activities appropriate to their age.',
        ),
        single(
          2,
          'A group of children spend 30 minutes building a "hospital" from blocks, negotiating roles and writing "prescriptions". Which statement best describes the learning involved?',
          [
            'It combines social, language, mathematical and early literacy learning',
            'It is mainly a break from learning',
            'It supports only physical development',
            'It is valuable only if an adult directs it',
          ],
          0,
          'Rich play is holistic: negotiating roles builds social skills, building involves spatial and mathematical thinking, and writing prescriptions is purposeful early literacy.',
        ),
        short(
          2,
          'Which German educator, the founder of the kindergarten, described play as the highest expression of human development in childhood?',
          ['Froebel', 'Friedrich Froebel', 'Fröbel', 'Friedrich Fröbel'],
          "Friedrich Froebel founded the first kindergarten in Germany in the 1830s and designed 'gifts' and 'occupations' so that children could learn through play.",
        ),
        matching(
          3,
          'Match each theorist to their view of play.',
          [
            ['Piaget', 'Play lets children practise and consolidate what they already understand'],
            [
              'Vygotsky',
              'In play a child acts "a head taller" than themselves, in their zone of proximal development',
            ],
            ['Parten', 'Play becomes more social with age, from solitary to cooperative'],
            ['Montessori', 'Purposeful activity with carefully designed materials is the child\'s "work"'],
          ],
          'Piaget saw play as practising existing schemas, Vygotsky as creating a zone of proximal development, Parten described its social progression, and Montessori emphasised purposeful work with prepared materials.',
        ),
      ],
    },
    {
      key: 'pl-types-of-play',
      name: 'Types and Stages of Play',
      description:
        "Parten's stages of social play and Smilansky's types of cognitive play, including sociodramatic play.",
      prerequisites: ['pl-value-of-play', 'cd-piaget-stages'],
      questions: [
        ordering(
          1,
          "Put these four of Parten's stages of social play in the order in which they typically emerge.",
          ['Solitary play', 'Parallel play', 'Associative play', 'Cooperative play'],
          'Mildred Parten (1932) observed that play tends to become more social with age; older children still choose solitary and parallel play at times, so the earlier forms do not disappear.',
        ),
        matching(
          1,
          "Match each of Parten's play stages to an example.",
          [
            ['Onlooker play', 'A child watches others build and comments, but does not join in'],
            [
              'Parallel play',
              'Two toddlers fill buckets side by side with similar toys, without interacting',
            ],
            ['Associative play', 'Children share materials and chat while each paints their own picture'],
            ['Cooperative play', 'Children organise a game of shops with roles and a shared goal'],
          ],
          'The key differences are the level of interaction and shared purpose: onlookers watch, parallel players play alongside, associative players interact loosely and cooperative players organise around a common goal.',
        ),
        short(
          2,
          "In Smilansky's types of play, what is the term for pretend play in which two or more children take on roles and act out a shared story, such as playing families or restaurants?",
          ['sociodramatic play', 'sociodramatic'],
          'Sociodramatic play combines pretending with social interaction; Sara Smilansky found it especially rich for language, perspective taking and self-regulation.',
        ),
        single(
          2,
          "A child repeatedly fills and empties a container with sand, enjoying the action itself. In Smilansky's framework this is:",
          ['Functional play', 'Constructive play', 'Games with rules', 'Dramatic play'],
          0,
          'Functional (practice) play involves repeated movements and exploring objects; constructive play makes something, dramatic play involves pretending, and games with rules follow agreed rules.',
        ),
        multiple(
          3,
          "Which statements about Smilansky's four types of cognitive play are accurate? Select all that apply.",
          [
            'Constructive play involves using materials to build or create something',
            'Games with rules require children to accept and follow prearranged rules',
            'Dramatic play involves pretending and using one object to stand for another',
            'Functional play disappears completely by age two',
          ],
          [0, 1, 2],
          'Building on Piaget, Smilansky described functional, constructive, dramatic and games-with-rules play; functional play is most common in infancy and toddlerhood but continues at every age.',
        ),
      ],
    },
    {
      key: 'pl-curriculum-approaches',
      name: 'Early Childhood Curriculum Approaches',
      description:
        'Key features of Montessori, Reggio Emilia, HighScope, Steiner Waldorf and other influential approaches to early childhood education.',
      prerequisites: ['pl-value-of-play'],
      questions: [
        matching(
          1,
          'Match each approach to its founder or origin.',
          [
            ['Montessori', 'Maria Montessori, an Italian physician'],
            [
              'Reggio Emilia',
              'Loris Malaguzzi and the families of a northern Italian town after World War II',
            ],
            ['Steiner Waldorf', 'Rudolf Steiner, an Austrian philosopher'],
            ['HighScope', 'David Weikart and the Perry Preschool Project in the United States'],
          ],
          "Each approach grew from a particular context: Montessori's work with children in Rome, Reggio Emilia's post-war community schools, Steiner's philosophy, and Weikart's Perry Preschool research in Michigan.",
        ),
        single(
          1,
          'In the Reggio Emilia approach, the environment is often described as:',
          [
            'The third teacher',
            'A reward for good behaviour',
            'A distraction from learning',
            'Something only adults arrange and change',
          ],
          0,
          'Reggio educators see children, adults and the environment as teachers; carefully designed spaces with natural light and open-ended materials invite exploration and collaboration.',
        ),
        short(
          2,
          "HighScope's daily routine centres on a sequence in which children plan what they will do, carry it out, and then reflect on it with others. What is this sequence called?",
          ['plan-do-review'],
          'In plan-do-review, children make choices, carry them out during work time and then recall what they did, building initiative, planning and reflection.',
        ),
        trueFalse(
          2,
          'In a Montessori classroom, children typically work in mixed-age groups with self-correcting materials, choosing activities from an orderly, prepared environment.',
          true,
          "Montessori's prepared environment offers sequenced, self-correcting materials on open shelves; mixed ages (often 3 to 6) let older children model for and help younger ones.",
        ),
        multiple(
          3,
          'Which of the following are core ideas of the Reggio Emilia approach? Select all that apply.',
          [
            'An image of the child as strong, capable and full of potential',
            'Children expressing ideas through many symbolic languages, such as drawing, clay and movement',
            "Long-term projects that grow out of children's interests",
            'A fixed, scripted curriculum followed in the same order every year',
            'Documentation that makes learning visible',
          ],
          [0, 1, 2, 4],
          "Reggio Emilia sees children as capable protagonists who express ideas in 'a hundred languages', explored through emergent projects and documented to make thinking visible; it rejects a fixed, pre-set curriculum.",
        ),
      ],
    },
    {
      key: 'pl-educator-role-in-play',
      name: "The Educator's Role in Play",
      description:
        'Intentional teaching in play: observing, scaffolding, open-ended questioning, sustained shared thinking and emergent planning.',
      prerequisites: ['pl-types-of-play', 'cd-vygotsky-sociocultural'],
      questions: [
        single(
          1,
          'Which of these is an open-ended question?',
          [
            '"What do you think will happen if we add more water?"',
            '"Is that block red?"',
            '"How many cars are there?"',
            '"Did you finish?"',
          ],
          0,
          'Open-ended questions have many possible answers and invite children to predict, explain and think aloud; closed questions have one right answer or a yes or no response.',
        ),
        trueFalse(
          1,
          "In a play-based programme, the educator's only role during play is to stand back and keep children safe.",
          false,
          'Educators plan the environment, observe, join in, model, scaffold and extend ideas, judging when to step in and when to let children lead.',
        ),
        short(
          2,
          'What term from the English EPPE research project describes an episode in which an adult and a child work together intellectually to solve a problem, clarify a concept or extend a story?',
          ['sustained shared thinking'],
          'The Effective Provision of Pre-school Education (EPPE) project found sustained shared thinking more often in excellent settings; both partners contribute and the thinking must develop.',
        ),
        ordering(
          2,
          'Put the steps of the planning cycle for an emergent curriculum in order.',
          [
            "Observe children's play and interests",
            'Analyse what the observations show about learning',
            'Plan experiences that build on those interests and needs',
            'Carry out the plan',
            'Reflect and evaluate, then observe again',
          ],
          'Emergent curriculum is a continuous cycle: what educators learn from observing children shapes the next experiences, and reflecting on how they went feeds the next round of observation.',
        ),
        multiple(
          3,
          'Children in the block area keep arguing about whose tower is taller. Which educator responses extend their learning? Select all that apply.',
          [
            'Offer string, unit blocks or a tape measure and ask how they could find out',
            'Ask, "How could we check which tower is taller if they are far apart?"',
            'Tell them which tower is taller and move on',
            'Suggest recording tower heights on a chart to compare over the week',
            'Remove the blocks to end the argument',
          ],
          [0, 1, 3],
          'Turning the dispute into an investigation, with tools, a thought-provoking question and a way to record results, builds measurement and problem-solving, whereas settling it or removing the materials ends the learning.',
        ),
      ],
    },
  ],
};
