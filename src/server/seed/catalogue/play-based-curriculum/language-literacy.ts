import { matching, multiple, ordering, short, single, trueFalse } from '../question-builders.ts';
import type { CatalogueSubTopic } from '../types.ts';

export const languageLiteracySubTopic: CatalogueSubTopic = {
  name: 'Language and Literacy',
  microTopics: [
    {
      key: 'pl-oral-language',
      name: 'Oral Language Development',
      description:
        'Milestones in speech and language, strategies that build vocabulary and conversation, and supporting children who are learning more than one language.',
      prerequisites: ['cd-vygotsky-sociocultural'],
      questions: [
        ordering(
          1,
          'Put these early language milestones in the order in which they typically appear.',
          [
            'Cooing',
            'Babbling repeated consonant–vowel sounds such as "ba-ba"',
            'First words',
            'Two-word combinations such as "more milk"',
            'Simple sentences of three or more words',
          ],
          'Cooing begins at around 2 months, babbling at around 6 months, first words at around 12 months, two-word phrases at around 18 to 24 months and short sentences by about 3 years, though the timing varies.',
        ),
        matching(
          1,
          'Match each language-building strategy to its example.',
          [
            ['Self-talk', 'The educator describes their own actions: "I\'m pouring the milk into your cup."'],
            [
              'Parallel talk',
              'The educator describes the child\'s actions: "You\'re stacking the red blocks."',
            ],
            ['Expansion', 'Child: "Dog run." Educator: "Yes, the dog is running."'],
            ['Extension', 'Child: "Dog run." Educator: "The dog is running fast. He wants the ball!"'],
          ],
          "Self-talk and parallel talk surround children with language linked to what is happening; expansion models grammar using the child's own words, and extension adds new information and vocabulary.",
        ),
        trueFalse(
          2,
          "Families who speak a different language at home should be advised to switch to the programme's language so that their child learns it faster.",
          false,
          'A strong home language supports learning a second language and maintains family bonds and identity, so educators encourage families to keep using their home language.',
        ),
        short(
          2,
          'Many young children learning a new language go through a phase of mainly listening and watching before they start to speak it. What is this phase commonly called?',
          ['silent period', 'nonverbal period'],
          'During the silent (non-verbal) period children are actively learning by listening; educators support them with gestures, pictures and predictable routines rather than pressure to speak.',
        ),
        single(
          3,
          'A child says, "I goed to the park and I runned." What does this most likely show?',
          [
            'Overregularisation: the child is applying the regular past-tense rule to irregular verbs',
            'A language disorder that needs urgent referral',
            'That the child has never heard the correct forms',
            'Echolalia',
          ],
          0,
          'Overregularisation shows the child has worked out a grammar rule (add "-ed") and is over-applying it, a normal sign of progress; a gentle recast such as "You went to the park?" models the correct form.',
        ),
      ],
    },
    {
      key: 'pl-shared-reading',
      name: 'Shared and Dialogic Reading',
      description:
        'Reading with children to build vocabulary, comprehension and print awareness, including the PEER and CROWD techniques of dialogic reading.',
      prerequisites: ['pl-oral-language'],
      questions: [
        single(
          1,
          "Which practice best supports young children's language during shared book reading?",
          [
            'Pausing to ask questions and talk about the pictures and story with the children',
            'Reading quickly from start to finish without interruptions',
            'Only reading books the children have never seen before',
            'Asking children to sit silently until the end',
          ],
          0,
          "Interactive reading (talking about pictures, asking questions and linking the story to children's lives) builds vocabulary and comprehension more than reading straight through; rereading favourite books also helps.",
        ),
        trueFalse(
          1,
          'Running a finger under the words while reading aloud helps children learn that the print carries the message and is read in a particular direction.',
          true,
          'Pointing to print builds concepts about print: that print, not only pictures, tells the story, that text has a direction, and that spoken words match written ones.',
        ),
        ordering(
          2,
          'Put the steps of the PEER sequence used in dialogic reading in order.',
          [
            'Prompt the child to say something about the book',
            "Evaluate the child's response",
            "Expand the child's response by rephrasing it and adding information",
            'Repeat the prompt so the child can use the expanded language',
          ],
          "PEER, from Grover Whitehurst's dialogic reading, turns the child into the storyteller: the child hears richer language and then uses it themselves.",
        ),
        matching(
          2,
          'Match each CROWD prompt type from dialogic reading to its example.',
          [
            ['Completion', '"Twinkle, twinkle, little ___."'],
            ['Recall', '"What happened to the caterpillar at the end of the story?"'],
            ['Open-ended', '"Tell me what is happening in this picture."'],
            ['Wh- question', '"What is this animal called?"'],
            ['Distancing', '"Have you ever been to a farm like this one?"'],
          ],
          "CROWD prompts vary the demand on the child: completion and recall check memory, open-ended and wh- prompts build vocabulary and narrative, and distancing links the book to the child's own life.",
        ),
        short(
          3,
          "What term describes children's understanding of how print works, for example that books have a front and back, that print is read in a set direction and that words are separated by spaces?",
          ['concepts about print', 'print awareness', 'concepts of print', 'print concepts'],
          "Print awareness (Marie Clay's 'concepts about print') predicts later reading; educators build it through shared reading, print in the environment and children's own writing.",
        ),
      ],
    },
    {
      key: 'pl-phonological-awareness',
      name: 'Phonological Awareness',
      description:
        'Hearing and playing with the sounds of spoken language (words, syllables, rhymes and phonemes) as a foundation for reading.',
      prerequisites: ['pl-oral-language'],
      questions: [
        short(
          1,
          "Clapping the beats in a child's name (Ma-ri-a) helps children hear which unit of sound?",
          ['syllables', 'syllable'],
          'Clapping, stamping or tapping names and words draws attention to syllables, one of the larger and easier units of phonological awareness.',
        ),
        trueFalse(
          1,
          'Phonological awareness concerns the sounds of spoken language, so it can be practised with eyes closed and without any letters.',
          true,
          'Phonological awareness is an oral skill: rhyming, clapping syllables, hearing first sounds. Phonics, by contrast, links sounds to letters.',
        ),
        ordering(
          2,
          'Put these phonological awareness skills in order, from the broadest and easiest to the most fine-grained and hardest.',
          [
            'Hearing separate words in a sentence',
            'Clapping syllables',
            'Recognising and producing rhymes',
            'Isolating and blending individual phonemes',
          ],
          'Phonological awareness develops from larger to smaller units: words, syllables, onsets and rimes, then individual phonemes. Phonemic awareness is the most advanced level and the most closely linked to learning to read.',
        ),
        multiple(
          2,
          'Which of these word pairs share the same rime? Select all that apply.',
          ['cat – hat', 'ship – chip', 'dog – dig', 'sun – sit', 'bell – fell'],
          [0, 1, 4],
          "The rime is the vowel and everything after it in a syllable (-at, -ip, -ell), so words with the same rime rhyme. 'dog – dig' and 'sun – sit' share an onset (first sound), not a rime.",
        ),
        single(
          3,
          "How many phonemes (individual speech sounds) are there in the word 'ship'?",
          ['2', '3', '4', '5'],
          1,
          "'Ship' has three phonemes, /sh/ /i/ /p/, even though it has four letters, because 'sh' is a digraph representing one sound; counting sounds rather than letters is the heart of phonemic awareness.",
        ),
      ],
    },
    {
      key: 'pl-emergent-writing',
      name: 'Emergent Writing',
      description:
        "How children's writing develops from scribbles to conventional spelling, and how to support meaningful writing in play.",
      prerequisites: ['pl-phonological-awareness', 'cd-fine-motor'],
      questions: [
        ordering(
          1,
          'Put these stages of emergent writing in the order in which they typically develop.',
          [
            'Random scribbling',
            'Controlled scribbles and letter-like shapes',
            'Strings of real letters unrelated to sounds',
            'Invented (phonetic) spelling',
            'Conventional spelling',
          ],
          'Children move from scribbles to letter-like shapes, letter strings, invented spelling that represents the sounds they hear, and gradually conventional spelling; each stage shows growing understanding.',
        ),
        trueFalse(
          1,
          "A child who writes 'LV U MUM' on a card is making meaningful progress in writing.",
          true,
          'Invented spelling shows the child is hearing sounds in words and matching them to letters; celebrating the message encourages more writing, while constant correction can discourage it.',
        ),
        multiple(
          2,
          'Which are effective ways to encourage writing in a play-based programme? Select all that apply.',
          [
            'Adding notepads to the home corner for shopping lists',
            'Providing a writing area with varied paper, pens and envelopes',
            'Inviting children to sign in each morning by writing their name',
            'Requiring children to copy rows of letters before they may play',
            'Making signs together for a block construction',
          ],
          [0, 1, 2, 4],
          'Purposeful writing within play and routines (lists, signs, letters and names) motivates children; rote copying before play is not developmentally appropriate and can put children off writing.',
        ),
        short(
          2,
          'Which word is usually the first that young children learn to write, because it is so personally meaningful?',
          ['their name', 'name', 'own name', 'their own name'],
          "Children's own names are highly motivating and contain the letters they notice first; writing their name is a common early milestone and a springboard for letter knowledge.",
        ),
        single(
          3,
          "A four-year-old fills a page with wavy lines and tells you, 'This says I'm going to the beach.' What is the best interpretation?",
          [
            'The child understands that marks can carry a message, an important early literacy concept',
            'The child is not yet ready for any literacy experiences',
            'The child should be taught correct letter formation immediately',
            'The marks have no literacy value because they are not letters',
          ],
          0,
          "Giving meaning to marks shows the child knows that writing communicates; educators can write the message underneath, talk about it and model writing without devaluing the child's work.",
        ),
      ],
    },
  ],
};
