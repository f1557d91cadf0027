import { matching, multiple, ordering, short, single, trueFalse } from '../question-builders.ts';
import type { CatalogueSubTopic } from '../types.ts';

export const inclusionGuidanceSubTopic: CatalogueSubTopic = {
  name: 'Diversity, Inclusion and Guidance',
  microTopics: [
    {
      key: 'fp-anti-bias-education',
      name: 'Anti-Bias Education',
      description:
        "Louise Derman-Sparks's four goals of anti-bias education, how young children notice difference, and avoiding a tokenistic curriculum.",
      prerequisites: ['fp-ecological-systems'],
      questions: [
        trueFalse(
          1,
          'Young children notice differences such as skin colour, and can begin to absorb biases, during the preschool years.',
          true,
          'Research shows that infants notice racial differences and preschoolers begin to form attitudes about them; staying silent does not prevent bias, so educators address differences openly and positively.',
        ),
        single(
          1,
          "A child asks loudly why a classmate's skin is darker than hers. What is the best response?",
          [
            'Answer simply and accurately: "People have different skin colours because of melanin. Everyone has some, in different amounts."',
            'Say "Shh, it is rude to talk about that."',
            'Ignore the question and change the subject',
            'Say "We don\'t notice colour here."',
          ],
          0,
          'Honest, matter-of-fact answers teach that differences are interesting and normal; hushing children signals that difference is shameful and leaves misconceptions unchallenged.',
        ),
        matching(
          2,
          "Match each of Louise Derman-Sparks's four anti-bias education goals to its focus.",
          [
            ['Identity', 'Each child shows confidence, family pride and a positive social identity'],
            ['Diversity', 'Each child expresses comfort and joy with human diversity'],
            ['Justice', 'Each child increasingly recognises unfairness and understands that it hurts'],
            ['Activism', 'Each child can act, with others or alone, against prejudice and discrimination'],
          ],
          'The four goals build on one another: a secure identity supports openness to diversity, which supports recognising unfairness and, finally, standing up against it.',
        ),
        short(
          2,
          "What term describes a curriculum that addresses diversity only through occasional holidays, costumes and foods rather than through children's everyday lives?",
          ['tourist curriculum', 'tourist approach'],
          "Derman-Sparks called this a 'tourist curriculum': it visits cultures briefly and can reinforce stereotypes, whereas anti-bias practice weaves diversity into everyday materials, conversations and relationships.",
        ),
        multiple(
          3,
          'Which materials and practices support anti-bias education? Select all that apply.',
          [
            'Books showing diverse families, abilities and cultures in everyday situations',
            'Dolls, crayons and paints in a range of skin tones',
            "Displaying photos of the children's own families",
            'A single display of "people around the world" in traditional costume',
            'Gently challenging stereotyped comments such as "girls can\'t be builders"',
          ],
          [0, 1, 2, 4],
          'Everyday, authentic representation and gently challenging stereotypes support all four goals, whereas a costume display on its own tends to make cultures seem exotic.',
        ),
      ],
    },
    {
      key: 'fp-inclusion',
      name: 'Inclusion of Children with Additional Needs',
      description:
        'Principles of inclusive practice, universal design for learning, adaptations and collaboration with families and specialists.',
      prerequisites: ['fp-anti-bias-education'],
      questions: [
        single(
          1,
          'Inclusion in early childhood education means:',
          [
            'All children, including children with disabilities, take part meaningfully in the same programme with the support they need',
            'Children with disabilities attend a separate room',
            'All children receive identical treatment regardless of their needs',
            'Children with disabilities join the group only for meals',
          ],
          0,
          'Inclusion is about belonging, participation and support, adapting the programme so that every child can take part, rather than placement alone or identical treatment.',
        ),
        trueFalse(
          1,
          "Person-first language, such as 'a child with autism', is widely used, but some communities prefer identity-first language, such as 'an autistic child'.",
          true,
          'Person-first language puts the child before the condition, but many autistic and Deaf people prefer identity-first language; the respectful approach is to follow the preferences of the family and the individual.',
        ),
        short(
          2,
          'What framework, abbreviated UDL, means planning from the start for multiple means of engagement, representation and expression so that all learners can take part?',
          ['universal design for learning', 'universal design'],
          'Universal Design for Learning, developed by CAST, builds flexibility into the environment and activities from the outset, reducing the need for separate adaptations later.',
        ),
        matching(
          2,
          'Match each adaptation to the need it supports.',
          [
            ['A visual timetable of the day', 'Understanding and anticipating routines'],
            ['Chunky-handled paintbrushes', 'Gripping tools with limited fine motor control'],
            ['A quiet corner with ear defenders', 'Managing sensory overload'],
            ['Key word signing alongside speech', 'Communicating with limited spoken language'],
          ],
          'Simple changes to materials, environment and communication let children with different needs take part fully, and often benefit the whole group.',
        ),
        multiple(
          3,
          'Which statements about working with early intervention specialists are accurate? Select all that apply.',
          [
            "Specialists' strategies work best when embedded in everyday routines and play",
            'The family is a key member of the team',
            "Educators should leave all of the child's support to the visiting specialist",
            'Sharing information with specialists requires family consent',
          ],
          [0, 1, 3],
          "Early intervention works best as a team effort in the child's everyday settings, with the family at the centre and information shared with consent; educators carry strategies into the child's daily experiences.",
        ),
      ],
    },
    {
      key: 'fp-positive-guidance',
      name: 'Positive Guidance',
      description:
        'Guiding behaviour through relationships, prevention and teaching, including clear limits, logical consequences and attention to unmet needs.',
      prerequisites: ['cd-self-regulation', 'oa-abc-observation'],
      questions: [
        single(
          1,
          'Which is an example of a positively stated limit?',
          ['"Walking feet inside, please."', '"Don\'t run!"', '"Stop being silly."', '"No!"'],
          0,
          'Positive limits tell children what to do instead of only what not to do, so they do not have to work out the alternative for themselves.',
        ),
        trueFalse(
          1,
          'Guidance aims to teach children skills such as self-control and problem solving, whereas punishment mainly aims to stop a behaviour by making the child suffer.',
          true,
          'Guidance focuses on teaching and relationships so that children learn what to do; punishment may stop a behaviour briefly but teaches fear and does not build skills.',
        ),
        matching(
          2,
          'Match each guidance strategy to an example.',
          [
            ['Redirection', 'Moving a child who is throwing sand to throwing beanbags into a basket'],
            ['Logical consequence', 'A child who draws on the table helps to wash it'],
            [
              'Natural consequence',
              'A child who refuses a coat feels cool outside, when it is safe to let this happen',
            ],
            ['Offering choices', '"Do you want to walk to the sink or hop like a bunny?"'],
          ],
          'Redirection channels the underlying need into an acceptable action; logical consequences are related, respectful and reasonable; natural consequences follow on their own when safe; and choices give children control within limits.',
        ),
        short(
          2,
          "Which psychologist's hierarchy of needs reminds educators that a hungry, tired or frightened child is unlikely to be ready to learn?",
          ['Maslow', 'Abraham Maslow'],
          'Maslow proposed that physiological and safety needs must be met before belonging, esteem and higher needs; behaviour often signals an unmet basic need.',
        ),
        multiple(
          3,
          'Which preventive strategies reduce behaviour that challenges in a group setting? Select all that apply.',
          [
            'A predictable daily routine with visual supports',
            'Warnings before transitions',
            'Long periods of waiting in line with nothing to do',
            'Enough engaging materials and space for active play',
            'Warm, trusting relationships with each child',
          ],
          [0, 1, 3, 4],
          'Most behaviour support is preventive: relationships, predictable routines, smooth transitions and engaging environments (the base of frameworks such as the Pyramid Model) reduce the need for children to communicate through behaviour, while long waits invite conflict.',
        ),
      ],
    },
    {
      key: 'fp-trauma-informed-practice',
      name: 'Trauma-Informed Practice',
      description:
        'How adversity and trauma affect young children, and how safe, predictable, relationship-based practice supports them.',
      prerequisites: ['fp-positive-guidance', 'cd-brain-development'],
      questions: [
        trueFalse(
          1,
          'Young children can be affected by traumatic experiences even if they are too young to talk about them.',
          true,
          'Trauma affects infants and toddlers through the developing stress system; it may show in sleep, eating, regression, clinginess or big reactions rather than in words.',
        ),
        single(
          1,
          'Which is most important for a child who has experienced trauma?',
          [
            'Predictable routines and a consistent, caring relationship with an educator',
            'Frequent changes of staff and room so the child becomes flexible',
            'Strict punishment for every outburst',
            'Asking the child to retell the traumatic event in detail',
          ],
          0,
          'Safety, predictability and a secure relationship help calm an over-activated stress response; educators are not therapists and should not probe traumatic memories.',
        ),
        short(
          2,
          'In research on childhood adversity, what does the abbreviation ACEs stand for?',
          ['adverse childhood experiences'],
          'The Adverse Childhood Experiences study (Felitti, Anda and colleagues, 1998) linked abuse, neglect and household dysfunction in childhood with poorer health in adulthood; supportive relationships can buffer these effects.',
        ),
        multiple(
          2,
          'Which behaviours might be stress responses in a young child who has experienced trauma? Select all that apply.',
          [
            'Hypervigilance: constantly scanning the room',
            'Sudden aggression when startled',
            'Freezing or seeming to "switch off"',
            'Going backwards in toileting or language skills',
            'Relaxed, steady interest in exploring new activities',
          ],
          [0, 1, 2, 3],
          'Fight, flight and freeze responses can look like aggression, withdrawal or hypervigilance, and regression is common; seeing these as stress responses rather than defiance changes how educators respond.',
        ),
        ordering(
          3,
          "Put Bruce Perry's sequence for reaching a distressed child in order.",
          ['Regulate', 'Relate', 'Reason'],
          'A dysregulated child cannot access reasoning: first help them calm (regulate), then connect through the relationship (relate), and only then talk about what happened (reason).',
        ),
      ],
    },
  ],
};
