import { matching, multiple, ordering, short, single, trueFalse } from '../question-builders.ts';
import type { CatalogueSubTopic } from '../types.ts';

export const socialEmotionalSubTopic: CatalogueSubTopic = {
  name: 'Social and Emotional Development',
  microTopics: [
    {
      key: 'cd-attachment',
      name: 'Attachment',
      description:
        "Bowlby's and Ainsworth's attachment theory, patterns of attachment, and key-person practice in early childhood settings.",
      prerequisites: ['cd-erikson-psychosocial'],
      questions: [
        short(
          1,
          "Which psychiatrist first proposed attachment theory, describing the infant's inborn drive to stay close to a caregiver?",
          ['Bowlby', 'John Bowlby'],
          "John Bowlby argued that attachment is an evolved system that keeps infants close to caregivers for protection; Mary Ainsworth later studied individual differences in children's attachment.",
        ),
        single(
          1,
          'A securely attached toddler in an unfamiliar room with their parent is most likely to:',
          [
            'Explore freely, checking back with the parent from time to time',
            'Ignore the parent completely and show no reaction when they leave',
            'Cling to the parent and refuse to explore at all',
            'Greet every stranger as readily as the parent',
          ],
          0,
          'Ainsworth described the attachment figure as a secure base from which a securely attached child explores, and a safe haven to return to when distressed.',
        ),
        matching(
          2,
          "Match each attachment pattern identified through Ainsworth's Strange Situation and later research to its typical reunion behaviour.",
          [
            ['Secure', 'Seeks comfort when the parent returns and is soothed quickly'],
            ['Insecure-avoidant', 'Ignores or turns away from the parent on reunion'],
            ['Insecure-resistant (ambivalent)', 'Seeks contact but stays angry or hard to soothe'],
            ['Disorganised', 'Shows confused or contradictory behaviour, such as freezing'],
          ],
          'Ainsworth identified secure, avoidant and resistant patterns; Main and Solomon later added disorganised attachment. Reunion behaviour reveals how the child has learned to expect caregivers to respond.',
        ),
        trueFalse(
          2,
          'Children can form secure attachments with several caregivers, including educators, without weakening their attachment to their parents.',
          true,
          "Young children form a network of attachments; a warm relationship with a key educator supports, rather than competes with, the child's bond with their family.",
        ),
        multiple(
          3,
          'Which practices reflect a key-person (primary caregiving) approach in an infant and toddler room? Select all that apply.',
          [
            'One educator takes the main responsibility for greeting, feeding and changing a small group of children',
            "The key person shares daily information with each child's family",
            'Staff rotate children every day so that no child becomes attached to one adult',
            'Continuity of care, with the same key person over time where possible',
            'Infants are left to settle without comfort so that they learn independence',
          ],
          [0, 1, 3],
          'A key person builds a secure relationship through consistent, responsive care routines and partnership with the family; frequent rotation and withholding comfort undermine attachment security.',
        ),
      ],
    },
    {
      key: 'cd-temperament',
      name: 'Temperament',
      description:
        "Thomas and Chess's temperament traits and types, goodness of fit, and adapting care to individual children.",
      prerequisites: [],
      questions: [
        matching(
          1,
          "Match each of Thomas and Chess's temperament types to its description.",
          [
            ['Easy', 'Generally positive mood, regular routines and quick to adapt to change'],
            ['Difficult', 'Intense reactions, irregular routines and slow to adapt'],
            ['Slow-to-warm-up', 'Cautious or withdrawn in new situations at first, but adjusts gradually'],
          ],
          'In the New York Longitudinal Study about 40% of children were classed as easy, 10% as difficult and 15% as slow-to-warm-up; the rest did not fit neatly into one type.',
        ),
        trueFalse(
          1,
          "Temperament refers to a child's inborn, biologically based style of reacting to the world, which is also shaped over time by experience.",
          true,
          'Temperament (activity level, intensity, adaptability and so on) is visible from birth but is influenced by the environment and relationships, so it is not a fixed destiny.',
        ),
        short(
          2,
          "What term did Thomas and Chess use for the match between a child's temperament and the demands and expectations of their environment?",
          ['goodness of fit'],
          "Goodness of fit means that outcomes depend less on temperament alone than on how well caregivers' expectations and the environment suit the child's style.",
        ),
        single(
          2,
          'A slow-to-warm-up child hangs back at the edge of a group activity on their first day. Which response best reflects goodness of fit?',
          [
            'Let the child watch from nearby and invite them to join when they are ready',
            'Lead the child into the middle of the group so they get used to it quickly',
            'Tell the family that the child is shy and may not suit group care',
            'Ignore the child until they approach the group on their own',
          ],
          0,
          'Allowing time to watch, with warm invitations, respects a cautious temperament; forcing participation increases stress, and labels such as "shy" can become self-fulfilling.',
        ),
        multiple(
          3,
          'Which of the following are among the nine temperament dimensions described by Thomas and Chess? Select all that apply.',
          [
            'Activity level',
            'Rhythmicity (regularity)',
            'Intelligence',
            'Approach or withdrawal',
            'Attention span and persistence',
          ],
          [0, 1, 3, 4],
          'The nine dimensions are activity level, rhythmicity, approach or withdrawal, adaptability, threshold of responsiveness, intensity of reaction, quality of mood, distractibility, and attention span and persistence; intelligence is not a temperament trait.',
        ),
      ],
    },
    {
      key: 'cd-self-regulation',
      name: 'Self-Regulation and Emotional Development',
      description:
        'How young children learn to manage emotions and behaviour through co-regulation, emotion coaching and developing executive function.',
      prerequisites: ['cd-temperament'],
      questions: [
        short(
          1,
          "What term describes an adult's calm, responsive support that helps a child manage strong emotions before the child can do so alone?",
          ['co-regulation'],
          'Through co-regulation (a calm voice, closeness, naming feelings) adults lend children their own regulation; over time children internalise these strategies and learn to self-regulate.',
        ),
        trueFalse(
          1,
          'Naming a child\'s feeling, for example "You\'re frustrated because the tower fell", can help the child calm down and learn emotional vocabulary.',
          true,
          'Labelling emotions validates the experience, helps children calm and builds the vocabulary they need to express feelings in words rather than actions.',
        ),
        matching(
          2,
          'Match each executive function skill to an example.',
          [
            ['Working memory', 'Remembering the steps of a handwashing song while doing them'],
            ['Inhibitory control', 'Waiting for a turn instead of grabbing the toy'],
            ['Cognitive flexibility', 'Switching from sorting blocks by colour to sorting them by shape'],
          ],
          'The three core executive functions, working memory, inhibitory control and cognitive flexibility, develop rapidly between about 3 and 5 years and underpin self-regulation.',
        ),
        single(
          2,
          'A four-year-old throws a puzzle piece after failing to fit it. Which is an emotion-coaching response?',
          [
            "\"That's frustrating! Puzzles can be tricky. Throwing isn't safe, so let's take a breath and look for an edge piece together.\"",
            '"Stop fussing, it\'s only a puzzle."',
            '"If you throw things you can\'t play with puzzles for a week."',
            'Say nothing and put the puzzle away.',
          ],
          0,
          'Emotion coaching (John Gottman) accepts and names the feeling, sets a limit on the behaviour and helps the child solve the problem; dismissing or punishing the emotion does not teach regulation.',
        ),
        ordering(
          3,
          "Put John Gottman's five steps of emotion coaching in order.",
          [
            "Be aware of the child's emotion",
            'See the emotion as an opportunity for connection and teaching',
            'Listen with empathy and validate the feeling',
            'Help the child name the emotion',
            'Set limits while helping the child solve the problem',
          ],
          'The steps move from noticing and accepting the feeling to naming it, and only then to limits and problem solving; children are more open to solutions once they feel understood.',
        ),
      ],
    },
    {
      key: 'cd-prosocial-development',
      name: 'Empathy, Friendships and Prosocial Behaviour',
      description:
        'The development of empathy, theory of mind, sharing and early friendships, and how educators nurture prosocial behaviour.',
      prerequisites: ['cd-attachment'],
      questions: [
        single(
          1,
          'A child helps a friend pick up spilled blocks. Which educator response best encourages prosocial behaviour?',
          [
            '"You helped Mia pick up her blocks, and now she can keep building."',
            '"Good job!"',
            'Giving the child a sweet as a reward',
            'Saying nothing, since helping is expected',
          ],
          0,
          "Specific, descriptive acknowledgement draws the child's attention to the effect of their kindness on others, which builds empathy more effectively than generic praise or treats.",
        ),
        trueFalse(
          1,
          'Toddlers are incapable of empathy, so comforting behaviour should not be expected before school age.',
          false,
          'Even toddlers often show concern, for example offering a toy or a hug to a crying peer, though their help may reflect what would comfort themselves; empathy grows steadily with language and perspective taking.',
        ),
        short(
          2,
          "What term describes the understanding that other people have thoughts, beliefs and desires that may differ from one's own, often tested with false-belief tasks at around age 4?",
          ['theory of mind'],
          'Theory of mind develops markedly between about 3 and 5; in false-belief tasks most four- and five-year-olds can predict that someone will look for an object where they wrongly believe it to be.',
        ),
        multiple(
          2,
          'Which strategies help preschoolers learn to share and take turns? Select all that apply.',
          [
            'Using a sand timer or waiting list for popular toys',
            'Modelling and narrating turn-taking during play',
            'Making a child hand over a toy immediately whenever another child asks',
            'Providing duplicates of very popular materials',
            'Coaching children with words such as "Can I have a turn when you\'re finished?"',
          ],
          [0, 1, 3, 4],
          "Visible turn-taking tools, modelling, enough materials and coaching teach the skills of sharing; forced immediate sharing ignores the first child's play and teaches that asking guarantees the toy.",
        ),
        ordering(
          3,
          "Put the six steps of HighScope's approach to resolving children's conflicts in order.",
          [
            'Approach calmly, stopping any hurtful actions',
            "Acknowledge the children's feelings",
            'Gather information',
            'Restate the problem',
            'Ask for ideas for solutions and choose one together',
            'Be ready to give follow-up support',
          ],
          'The steps calm the situation and validate feelings before looking for solutions, so children learn to resolve conflicts themselves instead of having an adult impose an outcome.',
        ),
      ],
    },
  ],
};
