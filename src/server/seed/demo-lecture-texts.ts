/**
 * The demo seed's lectures, one per sub topic of the catalogue. Each body is a list of blocks: '## ' starts a
 * heading, '- ' a list item (consecutive items make one list), anything else is a paragraph. Plain text
 * only: demo-content.ts turns it into the rich text the sanitiser allows.
 */
export interface DemoLecture {
  /** The catalogue's sub topic name; the lecture is linked to every micro topic under it. */
  subTopic: string;
  title: string;
  summary: string;
  blocks: string[];
}

export const DEMO_LECTURES: DemoLecture[] = [
  {
    subTopic: 'Foundations and Theories of Development',
    title: 'How children develop: principles and the theories behind them',
    summary:
      'The principles every educator works from, and what Piaget, Vygotsky and others add to everyday practice.',
    blocks: [
      '## Development follows patterns, at each child’s own pace',
      'Children develop in a broadly predictable sequence: they sit before they stand, babble before they speak, and play alongside others before they play with them. The sequence is shared; the timing is not. Two healthy children of the same age can be months apart in walking or talking, and both be developing typically.',
      'Development is also holistic. A toddler learning to climb stairs is using balance and strength, judging height and distance, managing frustration, and often asking for help with words or gestures. Planning for one domain at a time misses how tightly they are connected.',
      '## Principles to plan from',
      '- All domains of development are interrelated and influence each other.',
      '- Development proceeds from simple to complex and from general to specific.',
      '- Early experiences have a lasting effect, and relationships are the context for learning.',
      '- Development is shaped by culture, family and community as much as by biology.',
      '- Play is a central way young children learn.',
      '## What the theories add',
      'Piaget described children as active builders of knowledge who move through stages of thinking; his work reminds us to offer real materials to explore rather than lectures. Vygotsky showed that learning is social: with a more capable partner a child can do more than alone, in what he called the zone of proximal development. The educator’s job is to notice what a child can almost do and to scaffold it — a hint, a question, a model — then step back as competence grows.',
      'Ecological views such as Bronfenbrenner’s remind us that a child lives within family, setting, community and culture, all interacting. No single theory explains everything; used together, they help educators explain what they see and plan what to offer next.',
    ],
  },
  {
    subTopic: 'Physical Development and the Brain',
    title: 'Growing bodies, growing brains',
    summary:
      'Why the first five years matter for the brain, and how gross motor, fine motor and self-care skills develop through everyday play.',
    blocks: [
      '## The brain is built by experience',
      'In the first years of life the brain forms connections faster than at any other time. Connections that are used often are strengthened, and those that are not are pruned away. Warm, responsive interactions — the “serve and return” of a baby’s babble answered by an adult’s voice — are the experiences that build strong foundations for language, attention and self-control.',
      'Chronic, unbuffered stress does the opposite: it keeps the body’s alarm system switched on and can disrupt healthy brain development. A calm, predictable environment with a trusted adult is protective.',
      '## Gross and fine motor development',
      'Gross motor skills use the large muscles: rolling, sitting, crawling, walking, running, climbing, throwing and catching. Fine motor skills use the small muscles of the hands and fingers: grasping, pinching, pouring, threading, cutting and, later, drawing and writing. Strong gross motor control of the trunk and shoulders comes first and supports fine motor work.',
      '- Offer open space and equipment at different heights for climbing, balancing and crawling through.',
      '- Provide play dough, tongs, pegs, sponges and chunky crayons to strengthen hands.',
      '- Let children pour their own water and serve their own food: real tasks build real skills.',
      '## Self-care and toilet learning',
      'Dressing, handwashing, feeding and toileting are learned skills that give children pride and independence. Follow the child’s signs of readiness for toilet learning, keep the process positive and unhurried, work closely with families so routines match at home and in the setting, and treat accidents matter-of-factly.',
    ],
  },
  {
    subTopic: 'Social and Emotional Development',
    title: 'Attachment, feelings and friendships',
    summary:
      'Secure relationships come first. How temperament, self-regulation and empathy grow, and what educators do to support them.',
    blocks: [
      '## Secure attachment is the foundation',
      'Children who can rely on a sensitive, responsive adult use that adult as a secure base: they explore confidently and come back for comfort when they need it. In a group setting a key person system — one educator who knows a child and family especially well — gives each child that secure base away from home.',
      '## Temperament: no wrong kind of child',
      'Some children are easy-going, some are slow to warm up, and some react intensely. Temperament is inborn, and what matters is the “goodness of fit” between a child’s temperament and the adults’ expectations. A slow-to-warm-up child needs time and a gentle introduction to new people, not pressure to join in.',
      '## Learning to manage big feelings',
      'Self-regulation — managing emotions, attention and behaviour — develops slowly and first happens with an adult’s help (co-regulation). When a child is overwhelmed, stay close and calm, name the feeling, and help them through it; teaching comes later, when they are calm.',
      '- Name emotions in everyday moments: “You look frustrated; the tower keeps falling.”',
      '- Offer calm-down strategies: breathing slowly, a cosy corner, a favourite book.',
      '- Keep routines predictable so children know what comes next.',
      '- Notice and describe kindness when you see it.',
      '## Empathy and friendship',
      'Toddlers show early empathy by offering a crying friend their own comforter. Friendships grow from shared play, so give children time, space and materials to play together, and coach them through conflicts rather than solving every dispute for them.',
    ],
  },
  {
    subTopic: 'Health and Hygiene',
    title: 'Keeping children healthy: hygiene, cleaning and illness',
    summary:
      'Handwashing, cleaning versus sanitising versus disinfecting, safe nappy changing, and recognising when a child is unwell.',
    blocks: [
      '## Handwashing is the first defence',
      'Most infections in early childhood settings spread on hands. Children and adults wash with soap and running water on arrival, before eating or handling food, after using the toilet or a nappy change, after outdoor play and after wiping noses. Twenty seconds of scrubbing — fronts, backs, between the fingers, thumbs and under the nails — is what makes it work. Model it, sing while you scrub, and make sinks easy for children to reach.',
      '## Cleaning, sanitising and disinfecting',
      '- Cleaning removes dirt and most germs with detergent and water. It always comes first.',
      '- Sanitising reduces germs to a safe level; it is used on food surfaces and mouthed toys.',
      '- Disinfecting kills most germs and is used on nappy-change areas, toilets and spills of body fluids.',
      'Follow the product’s instructions for dilution and contact time, store chemicals out of children’s reach, and keep a cleaning schedule that says what is done, how and how often.',
      '## Nappy changing without spreading germs',
      'Prepare everything before you start, keep one hand on the child, use gloves, dispose of the nappy in a lined, lidded bin, clean the child, wash the child’s hands and your own, then clean and disinfect the changing surface. A posted step-by-step procedure helps every adult do it the same way. Use the time to talk with the child: it is a moment of care, not a chore.',
      '## Recognising and responding to illness',
      'Watch for changes from a child’s usual behaviour: unusual tiredness, irritability, fever, rash, vomiting or diarrhoea. Separate a sick child from the group with a familiar adult, contact the family, record what you observed, and follow your setting’s exclusion policy. Know the signs that need emergency help, such as difficulty breathing or a rash that does not fade under pressure.',
    ],
  },
  {
    subTopic: 'Nutrition and Food Safety',
    title: 'Feeding young children well and safely',
    summary:
      'Balanced meals, responsive feeding of infants and toddlers, managing allergies and anaphylaxis, and preventing choking.',
    blocks: [
      '## Balanced meals and a positive food environment',
      'Young children need energy and nutrients for rapid growth from small stomachs, so regular meals and snacks matter. Offer a variety of vegetables, fruit, whole grains, protein foods and dairy (or alternatives), with water as the main drink. Adults decide what, when and where food is offered; children decide whether and how much to eat. Sitting together, eating the same foods and talking calmly makes mealtimes a time for learning and connection.',
      '## Infants and toddlers',
      'Follow each family’s plan for breast milk or formula and respond to the infant’s hunger and fullness cues rather than a fixed schedule. Solids are introduced around six months, with textures progressing as skills develop. Toddlers often refuse new foods: offering a food many times without pressure is what builds acceptance.',
      '## Food allergies and anaphylaxis',
      '- Keep an up-to-date individual plan for every child with an allergy, written with the family and their doctor.',
      '- Check ingredients every time, and prevent cross-contact when preparing and serving food.',
      '- Know the signs of anaphylaxis: difficulty breathing, swelling of the tongue or throat, persistent coughing, paleness and floppiness in young children.',
      '- Give adrenaline (epinephrine) without delay, as the plan says, and call emergency services.',
      '## Food safety and choking prevention',
      'Keep hot food hot and cold food cold, wash hands and surfaces, and store leftovers correctly. Children must always sit down to eat and be supervised. Cut round foods such as grapes and cherry tomatoes lengthwise into quarters, and avoid hard foods such as whole nuts and raw carrot pieces for young children.',
    ],
  },
  {
    subTopic: 'Safety and Child Protection',
    title: 'Safe environments and protecting children',
    summary:
      'Safe sleep, active supervision, emergency preparedness, and what to do when you are worried a child is being harmed.',
    blocks: [
      '## Safe sleep for infants',
      'Always place babies on their back to sleep, on a firm, flat mattress in a cot that meets safety standards, with no pillows, bumpers, loose bedding or soft toys. Keep the room at a comfortable temperature, never let a baby sleep in a car seat or on a sofa, and check sleeping infants regularly, recording the checks.',
      '## Active supervision',
      'Active supervision means positioning yourself so you can see the whole space, scanning constantly, counting children at transitions, listening for changes in sound, and anticipating risks before they happen. Risky play — climbing high, balancing, rough-and-tumble — is valuable: the aim is to remove hazards children cannot see, not every challenge.',
      '## Emergencies and first aid',
      '- Practise evacuation and lockdown drills regularly, at different times of day.',
      '- Keep emergency contacts, medical plans and the attendance record where you can grab them.',
      '- Keep first-aid kits stocked and make sure staff with current first-aid training are always present.',
      '- After any incident, record what happened and tell the family the same day.',
      '## Child protection and mandated reporting',
      'Educators are often the first to notice signs that a child may be harmed: unexplained injuries, changes in behaviour, disclosures, or signs of neglect. If a child tells you something, stay calm, listen, do not ask leading questions, reassure them that telling was right, and do not promise to keep it secret. Write down what you saw and heard in the child’s own words, with the date and time, and report it following your local law and your setting’s procedures. You do not need proof to report a concern.',
    ],
  },
  {
    subTopic: 'Play and Curriculum Approaches',
    title: 'Why play matters, and how curriculum approaches use it',
    summary:
      'What counts as play, the types and stages children move through, and how Montessori, Reggio Emilia, HighScope and others plan for it.',
    blocks: [
      '## Play is how young children learn',
      'Play is freely chosen, driven by the child, focused on the process rather than an outcome, and enjoyable. In play children test ideas, practise language, negotiate with friends, solve problems and manage feelings — often at a higher level than they manage in adult-led tasks. A play-based programme is planned and intentional: educators choose materials, arrange space and time, and join play to extend learning.',
      '## Types and stages of play',
      'Parten described how social play develops: from solitary play, through onlooker and parallel play, to associative and finally cooperative play with shared goals and roles. Children move between these all their lives; an older child playing alone is not behind. Types of play include:',
      '- Functional play: repeating actions, such as filling and emptying.',
      '- Constructive play: building and making with blocks, sand or junk materials.',
      '- Dramatic and pretend play: taking on roles and using objects symbolically.',
      '- Games with rules: agreeing and following shared rules, usually later in the preschool years.',
      '## Curriculum approaches',
      'Montessori programmes offer carefully designed, self-correcting materials in a prepared environment where children choose their work. Reggio Emilia sees the child as capable and full of potential, uses long-term projects and documentation, and treats the environment as a “third teacher”. HighScope uses a plan-do-review cycle. Each approach puts the child’s active engagement at the centre; settings often blend ideas from several.',
    ],
  },
  {
    subTopic: 'Language and Literacy',
    title: 'Talking, reading and early writing',
    summary:
      'How oral language grows, dialogic reading, phonological awareness, and the path from scribbles to letters.',
    blocks: [
      '## Oral language is the foundation of literacy',
      'Children learn language through conversation with responsive adults. Back-and-forth exchanges — where the adult follows the child’s lead, waits, and builds on what the child says — matter more than the number of words a child hears. Expand children’s words (“Truck!” — “Yes, a big red truck is driving past”), introduce rich vocabulary, and ask open questions.',
      '## Shared and dialogic reading',
      'In dialogic reading the child gradually becomes the storyteller. The adult uses prompts — completion, recall, open-ended, “wh-” questions and distancing questions that connect the book to the child’s life — then evaluates, expands and repeats the child’s response (the PEER sequence). Read the same favourite books many times: repetition builds vocabulary and comprehension.',
      '## Phonological awareness',
      'Phonological awareness is hearing and playing with the sounds of spoken language. It develops from larger to smaller units:',
      '- Words in a sentence and syllables in a word (clapping names).',
      '- Rhyme: noticing and making words that rhyme.',
      '- Onset and rime: “c-at”, “h-at”.',
      '- Phonemes: hearing, blending and separating individual sounds, the strongest predictor of early reading.',
      '## Emergent writing',
      'Writing begins long before letters: scribbles, then lines and shapes that look like writing, then letter-like forms, random letters, and finally invented spelling in which children write the sounds they hear. Value every stage, offer real reasons to write — lists, signs, cards, labels — and write in front of children, talking about what you are doing.',
    ],
  },
  {
    subTopic: 'Early Numeracy and STEM',
    title: 'Maths, science and engineering in everyday play',
    summary:
      'Number sense and counting, patterns, shape and measurement, and how children investigate and build like scientists and engineers.',
    blocks: [
      '## Number sense grows from real counting',
      'Counting well rests on a few principles children learn over time: saying the number words in a stable order, matching one word to each object (one-to-one correspondence), knowing that the last number said tells how many (cardinality), and understanding that any collection can be counted in any order. Subitising — seeing “three” at a glance without counting — is an important early skill. Count together at snack time, on the stairs and in games with dice.',
      '## Patterns, shapes and measurement',
      '- Patterns: copy, extend and create repeating patterns with beads, blocks, sounds and movements.',
      '- Shapes: name and sort shapes, and explore how they fit together in puzzles and construction.',
      '- Measurement: compare lengths, weights and capacities directly (“Which is longer?”) before using units such as hands, blocks, and later rulers.',
      '## Children as scientists',
      'Young children investigate constantly. Educators support inquiry by wondering aloud, asking “What do you think will happen?”, offering tools such as magnifiers and measuring cups, and giving time to try again. Record predictions and results together in drawings and photos. The aim is not a correct answer but the habits of observing, predicting, testing and explaining.',
      '## Building, engineering and technology',
      'Block play is early engineering: children test balance, stability and symmetry and solve problems when towers fall. Offer loose parts, ramps and tubes, and simple tools, and pose challenges such as building a bridge for a toy car. Technology includes simple tools and, used with care, digital devices that children use to make and share things rather than only to watch.',
    ],
  },
  {
    subTopic: 'Principles of Observation',
    title: 'Why and how educators observe',
    summary:
      'Observation as the basis of planning, objective recording, bias and reliability, and the ethics of observing children.',
    blocks: [
      '## Observation drives good teaching',
      'Educators observe to get to know each child: their interests, strengths, friendships and what they are ready to learn next. Observations are used to plan experiences, to track development over time, to notice early when a child may need extra support, and to share meaningful information with families. Observation is not an extra task — it is how educators decide what to do tomorrow.',
      '## Objective and subjective recording',
      'An objective record describes only what was seen and heard: “Mia stacked six blocks, then knocked them down and laughed.” A subjective record includes interpretation or judgement: “Mia was bored so she destroyed the tower.” Record the facts first, and keep interpretations separate and clearly labelled, so that others can read the observation and draw their own conclusions.',
      '## Bias and reliability',
      '- Observe at different times of day and in different activities, not only when a child stands out.',
      '- Be aware of expectations based on a child’s family, culture, gender or past behaviour.',
      '- Compare notes with colleagues and ask the family what they see at home.',
      '- Avoid labels; describe behaviour instead.',
      '## Ethics and confidentiality',
      'Observations are personal information. Tell families how and why you observe, store records securely, share them only with people who need to know, and use children’s first names or initials in shared documents. Respect children too: ask before photographing their work when you can, and never observe in a way that makes a child feel watched or judged.',
    ],
  },
  {
    subTopic: 'Observation Methods',
    title: 'Choosing an observation method',
    summary:
      'Anecdotal records, running records, ABC observations, checklists, rating scales and sampling — what each is good for.',
    blocks: [
      '## Anecdotal records',
      'A short, factual account of a significant moment, written soon after it happened, with the date, time and setting. Anecdotal records are quick and flexible, and a series of them over weeks shows a child’s progress. Keep a notebook or tablet at hand so moments are not lost.',
      '## Running and specimen records',
      'A running record is a detailed, continuous, sequential account of everything a child does and says for a set period, often five to fifteen minutes. A specimen record is similar but planned in advance for a particular purpose and setting. Both give rich detail, but they need an observer who is not responsible for supervising at the time.',
      '## ABC observations',
      'ABC stands for Antecedent, Behaviour and Consequence: what happened just before the behaviour, the behaviour itself described objectively, and what happened straight after. Repeated ABC records help educators see the purpose a behaviour serves for a child — getting attention, avoiding a task, getting a toy — so they can change the antecedents and teach a better way to meet the same need.',
      '## Checklists, rating scales and sampling',
      '- Checklists record whether a skill or behaviour is present; quick to use, but they do not show how or why.',
      '- Rating scales record how often or how well, on a scale; useful for comparing over time.',
      '- Time sampling records what happens at set intervals, such as every five minutes.',
      '- Event sampling records every time a particular behaviour occurs, with its context.',
      'Choose the method by the question you want to answer, and combine methods to see the whole child.',
    ],
  },
  {
    subTopic: 'Assessment and Documentation',
    title: 'From observation to assessment, documentation and planning',
    summary:
      'Developmental screening, portfolios and learning stories, pedagogical documentation, and reporting progress to families.',
    blocks: [
      '## Screening and assessment',
      'Developmental screening is a brief check, using a validated tool, of whether a child’s development is on track; it is done with the family’s consent and never used alone to diagnose. A screening that raises a concern leads to a conversation with the family and, where needed, a referral to specialists for a full assessment. Ongoing assessment in the setting draws on many observations over time.',
      '## Portfolios and learning stories',
      'A portfolio collects a child’s work, photos and observations over time, showing growth. Learning stories are written to the child, in an accessible, narrative style: what happened, what learning it showed, and what might come next. They invite families and children to add their own voice, and they focus on what children can do.',
      '## Pedagogical documentation',
      'Pedagogical documentation — from Reggio Emilia — makes learning visible through photos, children’s words, and work displayed with educators’ reflections. Its purpose is to think together with colleagues, children and families about what is happening, and to decide what to offer next.',
      '## Planning and reporting',
      '- Analyse observations: what does this tell us about the child’s interests and learning?',
      '- Plan: what experiences, materials or support will extend it?',
      '- Act, then observe again and reflect on what happened.',
      '- Report progress to families in plain language, with examples, strengths first, and next steps you will work on together.',
    ],
  },
  {
    subTopic: 'Working with Families and Communities',
    title: 'Partnerships with families',
    summary:
      'Building trust with families, supporting children through transitions, and raising concerns respectfully.',
    blocks: [
      '## Families are children’s first teachers',
      'Families know their child best, and children do better when home and setting work together. Partnerships are built on respect for each family’s culture, language, values and structure, on two-way communication, and on trust built in small everyday moments: a warm greeting, a short story about the child’s day, remembering what a parent told you yesterday.',
      '- Ask families about their child’s routines, interests, comforts and their hopes for them.',
      '- Share information in several ways: conversations, notes, photos, the family’s own language where possible.',
      '- Invite families to contribute their skills, stories and traditions to the programme.',
      '## Supporting transitions',
      'Starting in a new setting, moving rooms, or starting school are big changes. Plan transitions with families: gradual settling-in visits, a familiar key person, a comfort object from home, and predictable goodbye routines. Never sneak away while a child is distracted; a short, confident goodbye builds trust. Share information with the next setting, with the family’s consent.',
      '## Communicating concerns',
      'When you are concerned about a child’s development or behaviour, prepare carefully. Choose a private time, start with the child’s strengths, describe what you have observed with examples rather than labels, listen to the family’s view, and agree on next steps together. Follow up as promised, and offer information about community services that can help. Families may need time to take in what they have heard.',
    ],
  },
  {
    subTopic: 'Diversity, Inclusion and Guidance',
    title: 'Inclusive practice and positive guidance',
    summary:
      'Anti-bias education, including children with additional needs, positive guidance strategies, and trauma-informed care.',
    blocks: [
      '## Anti-bias education',
      'Young children notice differences in skin colour, language, family structure and ability from an early age, and they absorb the messages around them. Anti-bias education helps each child feel proud of who they are, comfortable with difference, able to recognise unfairness, and ready to act against it. Check that books, dolls, pictures and materials reflect the diversity of the children and the wider world, and answer children’s questions about difference honestly and simply.',
      '## Including every child',
      'Inclusion means every child belongs and participates fully, with adaptations as needed — not a separate programme. Work with families and specialists, adapt the environment, materials and routines, and focus on each child’s strengths. Visual schedules, quiet spaces and adapted tools often help many children, not only one.',
      '## Positive guidance',
      '- Prevent: plan engaging activities, predictable routines and smooth transitions.',
      '- Teach: show children what to do, not only what not to do, and practise it.',
      '- State limits clearly and positively: “Feet stay on the floor.”',
      '- Acknowledge feelings while holding the limit, and offer real choices.',
      '- Use natural and logical consequences, never shaming or physical punishment.',
      '## Trauma-informed practice',
      'Children who have experienced trauma may react strongly to things that remind them of danger, and their behaviour is often a sign of fear rather than defiance. Trauma-informed practice asks “What happened to this child?” instead of “What is wrong with this child?”. Predictability, choice, calm adults and strong relationships help children feel safe enough to learn.',
    ],
  },
  {
    subTopic: 'Professional Practice',
    title: 'Being an early childhood professional',
    summary:
      'Professional ethics, reflective practice, teamwork and communication, and advocating for children and for your own wellbeing.',
    blocks: [
      '## Ethics guide everyday decisions',
      'Professional codes of ethics put the wellbeing of children first and describe responsibilities to children, families, colleagues and the community. When an ethical dilemma arises — two responsibilities pulling in different directions — name the conflict, consult the code and colleagues, consider everyone affected, and choose the action you could justify openly.',
      '## Reflective practice',
      'Reflective educators regularly ask what happened, why, what it means and what they will do differently. Reflection can be individual, in a journal, or shared with colleagues in team meetings. It turns experience into learning and keeps practice responsive to the children actually in the room.',
      '- What went well today, and why?',
      '- Whose voice or perspective did I miss?',
      '- What does the evidence from my observations tell me?',
      '- What will I try next, and how will I know if it worked?',
      '## Teamwork and communication',
      'Children benefit when the team shares goals and communicates clearly. Share information at handovers, raise disagreements privately and respectfully, use “I” statements, and assume good intent. Clear roles and regular team meetings prevent small frictions from growing.',
      '## Advocacy and wellbeing',
      'Educators advocate for children and families — for quality programmes, inclusion and fair access — and for the recognition of their own profession. Caring for others is demanding: protecting your own wellbeing through rest, boundaries, support from colleagues and professional learning is part of being a good educator, not a luxury.',
    ],
  },
];
