import { matching, multiple, ordering, short, single, trueFalse } from '../question-builders.ts';
import type { CatalogueSubTopic } from '../types.ts';

export const professionalPracticeSubTopic: CatalogueSubTopic = {
  name: 'Professional Practice',
  microTopics: [
    {
      key: 'fp-professional-ethics',
      name: 'Professional Ethics',
      description:
        'Core commitments of early childhood codes of ethics, confidentiality and professional boundaries, and working through ethical dilemmas.',
      prerequisites: [],
      questions: [
        single(
          1,
          'Many early childhood codes of ethics name one principle that takes precedence over all others. What is it?',
          [
            'Do no harm to children',
            'Always follow the wishes of parents',
            "Protect the programme's finances",
            'Treat every child identically',
          ],
          0,
          "Codes such as NAEYC's state that, above all, educators shall not harm children; this principle takes priority when responsibilities conflict.",
        ),
        trueFalse(
          1,
          "Accepting a parent's friend request on personal social media and posting about the children in your care is consistent with professional boundaries.",
          false,
          "Professional boundaries protect children's privacy and keep relationships with all families fair; posting about children online breaches confidentiality, and most programmes have social media policies.",
        ),
        short(
          2,
          'What is the term for a situation in which an educator must choose between two courses of action that can both be justified, such as conflicting responsibilities to a child and to a family?',
          ['ethical dilemma', 'dilemma', 'an ethical dilemma'],
          'An ethical dilemma differs from an ethical responsibility, where the right action is clear: it involves competing values, and a code of ethics helps educators reason through it with colleagues.',
        ),
        multiple(
          2,
          'Which of these are examples of professional conduct for early childhood educators? Select all that apply.',
          [
            'Keeping information about children and families confidential',
            'Taking part in ongoing professional learning',
            "Discussing a family's private situation in the staff room in front of visitors",
            'Respecting the cultures and values of families',
            "Reporting concerns about a child's safety according to policy",
          ],
          [0, 1, 3, 4],
          'Confidentiality, lifelong learning, cultural respect and acting on safety concerns are core professional responsibilities; gossip about families breaches trust and confidentiality.',
        ),
        ordering(
          3,
          'Put these steps for working through an ethical dilemma in order.',
          [
            'Identify the conflicting responsibilities and who is affected',
            'Consult the code of ethics and relevant policies',
            'Brainstorm possible courses of action',
            'Choose the most justifiable action and act on it',
            'Reflect on the outcome',
          ],
          'A structured process keeps decisions grounded in the code of ethics rather than in personal preference or convenience, and reflecting afterwards strengthens future decisions.',
        ),
      ],
    },
    {
      key: 'fp-reflective-practice',
      name: 'Reflective Practice',
      description:
        "Thinking critically about one's own practice using models such as Schön's reflection-in-action and Gibbs's reflective cycle.",
      prerequisites: ['fp-professional-ethics'],
      questions: [
        trueFalse(
          1,
          'Reflective practice involves regularly thinking about your teaching, why you do what you do and how it affects children, in order to improve.',
          true,
          'Reflection turns experience into learning; it asks educators to examine their assumptions and evidence, not just describe what happened.',
        ),
        matching(
          1,
          'Match each type of reflection to its meaning.',
          [
            ['Reflection-in-action', 'Thinking on your feet and adjusting during an activity'],
            ['Reflection-on-action', 'Looking back after an activity to understand what happened'],
            ['Reflection-for-action', 'Thinking ahead to plan future practice'],
          ],
          'Donald Schön described reflection-in-action and reflection-on-action; later writers added reflection-for-action, which draws on both to plan for the future.',
        ),
        ordering(
          2,
          "Put the stages of Gibbs's reflective cycle in order.",
          ['Description', 'Feelings', 'Evaluation', 'Analysis', 'Conclusion', 'Action plan'],
          "Gibbs's cycle (1988) moves from what happened and how you felt, to what went well or badly and why, to what else you could have done and what you will do next time.",
        ),
        single(
          2,
          'Which question most promotes critical reflection after a group time that did not go well?',
          [
            '"What might the children\'s behaviour have been telling me about the activity or its timing?"',
            '"Which children ruined group time?"',
            '"How can I make sure nobody sees this happen again?"',
            '"How long did group time last?"',
          ],
          0,
          "Critical reflection looks for the reasons behind what happened, including the educator's own choices, rather than blaming children or simply describing events.",
        ),
        short(
          3,
          'Which American philosopher, author of How We Think (1910) and Experience and Education (1938), described reflective thinking and shaped progressive, experience-based education?',
          ['Dewey', 'John Dewey'],
          'John Dewey defined reflective thought as the active, careful consideration of beliefs in the light of evidence and championed learning through experience, ideas that underpin play-based and reflective practice.',
        ),
      ],
    },
    {
      key: 'fp-teamwork-communication',
      name: 'Teamwork and Professional Communication',
      description:
        'Working effectively in teams, stages of team development, resolving conflict and communicating professionally with colleagues.',
      prerequisites: ['fp-reflective-practice'],
      questions: [
        single(
          1,
          'A colleague regularly arrives late, leaving you alone with too many children. What is the most professional first step?',
          [
            'Speak to the colleague privately and respectfully about the impact',
            'Complain about them to families',
            'Post about it in a group chat',
            'Ignore it indefinitely',
          ],
          0,
          "Raising a concern directly, privately and respectfully, focusing on the impact rather than the person, is usually the first step; if it continues or affects children's safety, involve the supervisor according to policy.",
        ),
        ordering(
          1,
          "Put Bruce Tuckman's stages of team development in order.",
          ['Forming', 'Storming', 'Norming', 'Performing', 'Adjourning'],
          'Tuckman (1965, with adjourning added in 1977) described teams moving from getting acquainted, through conflict, to agreed norms and effective work, and finally to disbanding.',
        ),
        trueFalse(
          2,
          'Conflict within a teaching team is always harmful and should be avoided at all costs.',
          false,
          'Handled respectfully, disagreement can improve practice by bringing different perspectives to light; the storming stage is a normal part of team development.',
        ),
        short(
          2,
          "What type of statement, such as 'I feel worried when the gate is left open because a child could get out', expresses a concern without blaming?",
          ['I-statement', 'I-message'],
          'An I-statement describes the behaviour, your feeling and its effect, which reduces defensiveness and keeps the focus on solving the problem.',
        ),
        multiple(
          3,
          'Which practices support effective communication within an early childhood team? Select all that apply.',
          [
            'Regular team meetings with shared agendas',
            'A communication book or digital log for handovers between shifts',
            "Making decisions about a child's care without telling co-workers",
            'Agreed procedures for sharing information about children',
            'Giving constructive feedback privately and specifically',
          ],
          [0, 1, 3, 4],
          "Structured handovers, meetings, shared procedures and constructive feedback keep everyone informed, which is vital for children's safety and for consistent care.",
        ),
      ],
    },
    {
      key: 'fp-advocacy-wellbeing',
      name: 'Advocacy and Educator Wellbeing',
      description:
        'Advocating for children, families and the profession, continuing professional learning, and sustaining educator wellbeing.',
      prerequisites: ['fp-reflective-practice'],
      questions: [
        trueFalse(
          1,
          'Advocacy can be as simple as explaining to families why play is valuable for learning.',
          true,
          'Advocacy ranges from everyday conversations that build understanding of quality early education to joining professional associations and speaking with decision-makers.',
        ),
        single(
          1,
          'Which is an example of advocacy for children at the community or policy level?',
          [
            'Presenting evidence about the benefits of quality early education to local decision-makers',
            'Tidying the classroom at the end of the day',
            'Taking the morning attendance',
            'Planning the weekly menu',
          ],
          0,
          'Policy-level advocacy uses evidence and professional experience to influence decisions that affect many children, such as funding, qualifications and access to services.',
        ),
        multiple(
          2,
          'Which are recognised signs of burnout in educators? Select all that apply.',
          [
            'Emotional exhaustion',
            'Feeling detached from or cynical about the children and the work',
            'A reduced sense of accomplishment',
            'Growing enthusiasm for new projects',
          ],
          [0, 1, 2],
          'Burnout, as described by Christina Maslach, involves exhaustion, depersonalisation (cynicism) and a reduced sense of accomplishment; it affects the quality of care, so it needs attention early from individuals and programmes.',
        ),
        short(
          2,
          'What term describes the ongoing learning, such as workshops, study and mentoring, that educators undertake throughout their careers?',
          ['professional development', 'professional learning', 'continuing professional development', 'CPD'],
          "Ongoing professional learning keeps practice up to date with research and is part of most codes of ethics; it also supports educators' sense of competence and wellbeing.",
        ),
        matching(
          3,
          'Match each international organisation to its focus.',
          [
            ['UNICEF', "The United Nations agency for children's rights and wellbeing"],
            ['WHO', 'The United Nations agency for international public health'],
            ['UNESCO', 'The United Nations agency for education, science and culture'],
            ['OMEP', 'A non-governmental world organisation for early childhood education and care'],
          ],
          "Educators can draw on the research, guidelines and advocacy of international organisations, for example UNICEF's work on children's rights and OMEP's advocacy for quality early childhood education worldwide.",
        ),
      ],
    },
  ],
};
