import { matching, multiple, ordering, short, single, trueFalse } from '../question-builders.ts';
import type { CatalogueSubTopic } from '../types.ts';

export const theoriesSubTopic: CatalogueSubTopic = {
  name: 'Foundations and Theories of Development',
  microTopics: [
    {
      key: 'cd-development-principles',
      name: 'Principles of Child Development',
      description:
        'How development unfolds across domains: predictable sequences, individual rates, directional growth patterns and the interplay of nature and nurture.',
      prerequisites: [],
      questions: [
        single(
          1,
          'Which statement best describes how children move through developmental milestones?',
          [
            'Milestones follow a broadly predictable sequence, but the age at which each child reaches them varies',
            'Every child reaches each milestone at the same age',
            'Children reach milestones in a random order',
            'Milestones are determined entirely by the teaching a child receives',
          ],
          0,
          'Development tends to follow a predictable order (for example, sitting before standing before walking), but the rate differs from child to child, which is why milestones are given as age ranges.',
        ),
        trueFalse(
          1,
          'Development in one domain, such as language, can influence development in other domains, such as social skills.',
          true,
          'The domains are interrelated: a child who can put feelings into words, for example, finds it easier to join play and resolve conflicts, so educators plan for the whole child.',
        ),
        matching(
          2,
          'Match each developmental principle to its example.',
          [
            ['Cephalocaudal', 'An infant controls head movements before controlling the legs'],
            ['Proximodistal', 'A child controls the shoulder and arm before the fingers'],
            ['Simple to complex', 'A child babbles single sounds before combining words into sentences'],
            ['Individual rate', 'Two children of the same age begin walking three months apart'],
          ],
          'Cephalocaudal means head-to-tail and proximodistal means from the centre of the body outwards; development also moves from simple to complex skills, and each child follows their own timetable.',
        ),
        short(
          2,
          "What term describes a window of time when a child's brain is especially responsive to particular experiences, such as hearing language, even though learning is still possible later?",
          ['sensitive period', 'sensitive periods'],
          'During a sensitive period the brain is especially ready to be shaped by certain experiences; unlike a strict critical period, the window does not close completely, but learning becomes harder.',
        ),
        multiple(
          3,
          'Which of the following are widely accepted principles of child development? Select all that apply.',
          [
            'Development proceeds from simple to complex',
            'Development is influenced by both biology and experience',
            'Early experiences have a cumulative effect on later development',
            'Development stops at the end of early childhood',
            'All children in an age group should be expected to develop at the same pace',
          ],
          [0, 1, 2],
          'Development builds from simple to complex, results from the interaction of nature and nurture, and early experiences accumulate; it continues across the lifespan and its pace varies between children.',
        ),
      ],
    },
    {
      key: 'cd-piaget-stages',
      name: "Piaget's Theory of Cognitive Development",
      description:
        "Piaget's four stages, schemas, assimilation and accommodation, and key concepts such as object permanence, egocentrism and conservation.",
      prerequisites: ['cd-development-principles'],
      questions: [
        ordering(
          1,
          "Put Piaget's stages of cognitive development in order, from birth onwards.",
          ['Sensorimotor', 'Preoperational', 'Concrete operational', 'Formal operational'],
          'Sensorimotor (about birth to 2 years), preoperational (about 2 to 7), concrete operational (about 7 to 11) and formal operational (about 11 onwards); Piaget saw the order as fixed even though ages vary.',
        ),
        short(
          1,
          "An infant searches for a toy after watching it being hidden under a blanket. Which concept from Piaget's sensorimotor stage does this show?",
          ['object permanence'],
          'Object permanence is the understanding that objects continue to exist when they are out of sight; it develops gradually through the sensorimotor stage.',
        ),
        single(
          2,
          'A four-year-old insists that a tall, thin glass holds more juice than a short, wide glass, even after watching the same juice being poured from one to the other. Which concept has the child not yet mastered?',
          ['Conservation', 'Object permanence', 'Symbolic play', 'Attachment'],
          0,
          'Conservation is the understanding that a quantity stays the same when its appearance changes; preoperational children tend to focus (centre) on one dimension, such as height.',
        ),
        matching(
          2,
          'Match each Piagetian term to its meaning.',
          [
            ['Schema', 'An organised pattern of thought or action used to make sense of experience'],
            ['Assimilation', 'Fitting a new experience into an existing schema'],
            ['Accommodation', 'Changing an existing schema to fit new information'],
            ['Equilibration', 'Seeking balance between existing understanding and new experience'],
          ],
          'A toddler who calls a cow a "dog" is assimilating; when they create a new category for cows they are accommodating, and equilibration is the drive that moves them between the two.',
        ),
        trueFalse(
          3,
          "According to Piaget, preoperational children's egocentrism means they are selfish and unwilling to share.",
          false,
          "In Piaget's sense, egocentrism is a cognitive limitation, a difficulty taking another person's visual or mental perspective (as in his three mountains task), not a moral trait such as selfishness.",
        ),
      ],
    },
    {
      key: 'cd-vygotsky-sociocultural',
      name: 'Vygotsky and Sociocultural Theory',
      description:
        'Learning as a social process: the zone of proximal development, scaffolding, the more knowledgeable other, private speech and the role of culture.',
      prerequisites: ['cd-piaget-stages'],
      questions: [
        short(
          1,
          'Which theorist introduced the idea of the zone of proximal development?',
          ['Vygotsky', 'Lev Vygotsky'],
          'Lev Vygotsky (1896–1934) described the zone of proximal development as the gap between what a child can do alone and what they can do with help.',
        ),
        single(
          1,
          'The zone of proximal development is best described as:',
          [
            'The range of tasks a child can do with guidance but not yet alone',
            'The tasks a child has already mastered independently',
            'The area of the classroom set aside for small-group work',
            'The age range in which a skill must be learned',
          ],
          0,
          'The zone lies between independent performance and tasks that are out of reach even with help; teaching aimed there stretches the child without overwhelming them.',
        ),
        multiple(
          2,
          'Which of the following are examples of scaffolding? Select all that apply.',
          [
            'Breaking a puzzle into steps and hinting at where the edge pieces go',
            'Modelling how to hold scissors, then gradually stepping back',
            "Completing the child's drawing so that it looks finished",
            'Asking a guiding question such as "What could you try next?"',
            'Leaving the child to struggle without support so they become independent',
          ],
          [0, 1, 3],
          "Scaffolding is temporary, adjustable support matched to the child's zone of proximal development and withdrawn as competence grows; doing the task for the child, or giving no support, is not scaffolding.",
        ),
        trueFalse(
          2,
          'Vygotsky viewed a preschooler talking aloud to themselves while working on a task as a sign of immature thinking that should be discouraged.',
          false,
          "Vygotsky saw private speech as a tool for guiding one's own actions and solving problems; it gradually becomes silent inner speech, so educators should not discourage it.",
        ),
        matching(
          3,
          'Match each term to its meaning in sociocultural theory.',
          [
            ['More knowledgeable other', 'Anyone with greater skill in a task, including a peer'],
            ['Scaffolding', 'Temporary support that is reduced as the learner gains competence'],
            ['Private speech', "Self-directed talk used to guide one's own actions"],
            ['Cultural tools', 'Language, symbols and practices passed on through social interaction'],
          ],
          'Vygotsky stressed that learning happens through interaction with more skilled partners, who may be peers, using the tools of a culture, language above all. The term scaffolding was later coined by Wood, Bruner and Ross to describe this kind of support.',
        ),
      ],
    },
    {
      key: 'cd-erikson-psychosocial',
      name: "Erikson's Psychosocial Stages",
      description:
        "The first four of Erikson's psychosocial stages and how educators support trust, autonomy, initiative and industry.",
      prerequisites: ['cd-development-principles'],
      questions: [
        ordering(
          1,
          "Put the first four of Erikson's psychosocial stages in order.",
          [
            'Trust vs. mistrust',
            'Autonomy vs. shame and doubt',
            'Initiative vs. guilt',
            'Industry vs. inferiority',
          ],
          "Erikson's stages for infancy (trust), toddlerhood (autonomy), the preschool years (initiative) and the primary school years (industry) build on one another.",
        ),
        single(
          1,
          "An infant whose cries are answered consistently and warmly is most likely to resolve which of Erikson's stages positively?",
          [
            'Trust vs. mistrust',
            'Initiative vs. guilt',
            'Industry vs. inferiority',
            'Identity vs. role confusion',
          ],
          0,
          'Consistent, responsive care teaches infants that the world is dependable, building the basic trust that Erikson saw as the foundation for every later stage.',
        ),
        trueFalse(
          2,
          "Offering a toddler a choice between two acceptable options, such as the red cup or the blue cup, supports Erikson's stage of autonomy vs. shame and doubt.",
          true,
          'Toddlers want to do things for themselves; limited, safe choices let them exercise independence without being overwhelmed or shamed.',
        ),
        short(
          2,
          "In Erikson's theory, preschoolers who are encouraged to plan and carry out their own activities develop a sense of initiative. What may develop instead in children who are often criticised for trying?",
          ['guilt', 'a sense of guilt'],
          "The preschool stage is initiative vs. guilt: harsh criticism of children's plans and questions can leave them feeling guilty about taking the lead.",
        ),
        matching(
          3,
          'Match each practice to the Erikson stage it most directly supports.',
          [
            ["A key educator who responds predictably to an infant's cues", 'Trust vs. mistrust'],
            [
              'Letting a toddler pour their own water, with a cloth nearby for spills',
              'Autonomy vs. shame and doubt',
            ],
            ['Inviting preschoolers to plan and lead a pretend shop', 'Initiative vs. guilt'],
            [
              'Helping a school-age child finish and display a project they worked hard on',
              'Industry vs. inferiority',
            ],
          ],
          'Each stage has its own task: dependable care builds trust, safe independence builds autonomy, freedom to plan and lead builds initiative, and recognition of real accomplishment builds industry.',
        ),
      ],
    },
  ],
};
