import { matching, multiple, ordering, short, single, trueFalse } from '../question-builders.ts';
import type { CatalogueSubTopic } from '../types.ts';

export const familiesSubTopic: CatalogueSubTopic = {
  name: 'Working with Families and Communities',
  microTopics: [
    {
      key: 'fp-ecological-systems',
      name: "Bronfenbrenner's Ecological Systems",
      description:
        "Understanding the child within nested systems, from the microsystem to the chronosystem, and what this means for educators' work with families and communities.",
      prerequisites: ['cd-development-principles'],
      questions: [
        short(
          1,
          'Which theorist developed the ecological systems theory, which places the child at the centre of nested environmental systems?',
          ['Bronfenbrenner', 'Urie Bronfenbrenner'],
          "Urie Bronfenbrenner's ecological (later bioecological) model shows that development is shaped by interacting systems, from family and early learning setting to culture and historical time.",
        ),
        ordering(
          1,
          "Put these four of Bronfenbrenner's systems in order, from the closest to the child to the most distant.",
          ['Microsystem', 'Mesosystem', 'Exosystem', 'Macrosystem'],
          "The microsystem is the child's immediate settings, the mesosystem the links between them, the exosystem settings that affect the child indirectly, and the macrosystem the wider culture; the chronosystem adds the dimension of time.",
        ),
        matching(
          2,
          'Match each ecological system to an example.',
          [
            ['Microsystem', "The child's room at the early learning centre"],
            ['Mesosystem', 'Communication between the family and the educator'],
            ['Exosystem', "A change to a parent's working hours"],
            ['Macrosystem', 'Shared cultural values and beliefs about childhood'],
          ],
          "Each system influences the child differently; a parent's workplace, for example, is part of the exosystem because the child is not in it but is still affected by it.",
        ),
        trueFalse(
          2,
          "According to Bronfenbrenner, strong links between a child's home and early learning programme support the child's development.",
          true,
          "Positive, two-way relationships between the settings in a child's life (the mesosystem) create consistency and shared understanding, which strengthens development.",
        ),
        single(
          3,
          "Which best describes the chronosystem in Bronfenbrenner's model?",
          [
            "The dimension of time: changes and transitions in the child's life and in historical events",
            "The child's immediate family",
            'The links between the settings the child takes part in',
            "The child's genetic make-up",
          ],
          0,
          'Bronfenbrenner added the chronosystem to capture how timing matters: events such as the birth of a sibling, a family separation or a pandemic affect children differently depending on when they happen.',
        ),
      ],
    },
    {
      key: 'fp-family-partnerships',
      name: 'Building Partnerships with Families',
      description:
        'Respectful, two-way relationships with diverse families, communication strategies and the many ways families take part in programmes.',
      prerequisites: ['fp-ecological-systems'],
      questions: [
        single(
          1,
          'Which practice best reflects a genuine partnership with families?',
          [
            "Regular two-way communication in which families' knowledge of their child shapes the programme",
            'Sending home a newsletter and expecting no response',
            'Contacting families only when there is a problem',
            'Setting goals for the child without family input',
          ],
          0,
          "Families are children's first and most enduring teachers; partnership relies on two-way communication, shared decision-making and respect for what families know.",
        ),
        trueFalse(
          1,
          'Families come in many forms, and educators should make sure that all family structures are respected and reflected in the programme.',
          true,
          'Children may live with one or two parents, same-sex parents, grandparents, foster carers or extended family; seeing their own family reflected in books and conversation supports belonging.',
        ),
        matching(
          2,
          "Match each of Joyce Epstein's types of family involvement to an example.",
          [
            ['Parenting', 'A family workshop on sleep routines'],
            ['Communicating', 'Daily conversations at pick-up and a shared digital journal'],
            ['Volunteering', 'A grandparent reading stories to the group each week'],
            ['Learning at home', 'A take-home story bag with activity ideas'],
            ['Decision making', 'Families serving on a programme advisory committee'],
          ],
          "Epstein's framework, which also includes collaborating with the community, shows that family involvement goes far beyond attending events; programmes can offer many ways to take part.",
        ),
        multiple(
          2,
          "Which strategies help build trust with a family whose home language is different from the staff's? Select all that apply.",
          [
            'Using a qualified interpreter for important conversations',
            "Learning a few greetings in the family's language",
            "Asking the family's eight-year-old to interpret a conversation about concerns",
            'Providing key information in translated or visual form',
            "Speaking louder and more slowly in the programme's language",
          ],
          [0, 1, 3],
          'Professional interpreters, translated or visual materials and small gestures such as greetings show respect; using children as interpreters is inappropriate for sensitive matters and places a burden on them.',
        ),
        short(
          3,
          'What term describes an approach to working with families that focuses on their existing capacities, resources and knowledge rather than on their deficits?',
          ['strengths-based', 'strength-based', 'strengths-based approach', 'strengths-based practice'],
          'A strengths-based approach sees every family as having valuable knowledge and resources; it builds partnership and avoids the judgement that can push families away.',
        ),
      ],
    },
    {
      key: 'fp-transitions',
      name: 'Supporting Transitions',
      description:
        'Helping children and families through starting care, daily separations, moving rooms and starting school.',
      prerequisites: ['cd-attachment'],
      questions: [
        trueFalse(
          1,
          'Parents should be encouraged to slip away unnoticed while their child is distracted, to avoid upsetting them.',
          false,
          'Sneaking away can damage trust and increase anxiety; a brief, predictable goodbye routine helps the child learn that their parent leaves and reliably comes back.',
        ),
        multiple(
          1,
          'Which practices help a child settle into a new early learning programme? Select all that apply.',
          [
            'Short visits with a family member before the start date',
            'A consistent key educator who greets the child',
            'Bringing a familiar comfort item from home',
            'Starting with the longest possible day so the child adjusts quickly',
            'Sharing information about home routines with the educator',
          ],
          [0, 1, 2, 4],
          'Gradual orientation, a familiar adult, comfort items and knowledge of home routines all reduce stress and support attachment; long first days tend to overwhelm children.',
        ),
        short(
          2,
          'What term, coined by the paediatrician Donald Winnicott, describes a comfort item such as a blanket or soft toy that helps a child cope with separation?',
          ['transitional object', 'transitional objects', 'comfort object'],
          "Winnicott described transitional objects as bridging the child's inner world and the outside world; they are a healthy source of comfort during separations and changes.",
        ),
        single(
          2,
          'When does separation anxiety typically emerge in infants?',
          [
            'At around 8 months, often peaking between about 10 and 18 months',
            'In the first week of life',
            'At around 4 years',
            'At around 7 years',
          ],
          0,
          'Separation anxiety appears as object permanence and attachment develop: the infant knows the caregiver still exists elsewhere and protests their absence. It is a sign of healthy attachment and usually eases by about 2 to 3 years.',
        ),
        matching(
          3,
          'Match each transition to a supportive strategy.',
          [
            ['Starting care', 'Gradual orientation visits with a family member'],
            ['Moving to an older room', "Visits to the new room with the child's current educator"],
            ['Starting school', 'Sharing a transition statement with the school, with family consent'],
            ['Moving between daily activities', 'A visual schedule and a warning before the change'],
          ],
          'Transitions are easier when they are predictable, gradual and bridged by familiar people or shared information; continuity between settings is the common thread.',
        ),
      ],
    },
    {
      key: 'fp-communicating-concerns',
      name: 'Communicating Concerns with Families',
      description:
        "Planning and holding sensitive conversations about a child's development or behaviour with empathy, evidence and respect.",
      prerequisites: ['fp-family-partnerships', 'oa-developmental-screening'],
      questions: [
        single(
          1,
          "Where is the best place to raise a concern about a child's development with a family?",
          [
            'In a private, pre-arranged meeting at a time that suits the family',
            'At the door during a busy pick-up',
            'In a group message to all families',
            'In front of the child and other parents',
          ],
          0,
          'Sensitive conversations need privacy, enough time and a calm setting so that families can ask questions and respond without being overheard.',
        ),
        trueFalse(
          1,
          "When raising a concern, educators should begin by sharing the child's strengths and what the child enjoys.",
          true,
          'Starting with genuine strengths shows the family that the educator knows and values their child, which makes it easier to hear and work through a concern together.',
        ),
        ordering(
          2,
          'Put these steps for a planned conversation about a developmental concern in order.',
          [
            'Gather objective observations over time',
            'Arrange a private meeting with the family',
            "Share the child's strengths, then the specific observations",
            "Listen to the family's perspective and experience at home",
            'Agree on next steps together, such as a referral or strategies to try',
          ],
          "Preparing evidence, ensuring privacy, sharing strengths first, listening genuinely and planning together make it more likely that the family feels respected and acts in the child's interest.",
        ),
        multiple(
          2,
          'Which statements are appropriate when sharing a concern with a family? Select all that apply.',
          [
            "We've noticed that Kai rarely uses words to ask for things. What do you see at home?",
            'I think Kai is autistic.',
            'Would you be open to talking with a speech-language therapist for more information?',
            'Kai is far behind all the other children.',
            "Here are some examples we've recorded over the last month.",
          ],
          [0, 2, 4],
          "Describing observations, asking about home and suggesting specialist input keep the conversation factual and collaborative; diagnosing or comparing the child with others is outside the educator's role and damages trust.",
        ),
        short(
          3,
          "What listening skill involves restating a family member's words and feelings to check understanding, for example 'It sounds like you're worried about…'?",
          ['active listening', 'reflective listening', 'paraphrasing', 'reflecting'],
          'Active (reflective) listening shows families they are heard and helps the educator understand their perspective, which reduces defensiveness in difficult conversations.',
        ),
      ],
    },
  ],
};
