import { matching, multiple, ordering, short, single, trueFalse } from '../question-builders.ts';
import type { CatalogueSubTopic } from '../types.ts';

export const safetySubTopic: CatalogueSubTopic = {
  name: 'Safety and Child Protection',
  microTopics: [
    {
      key: 'hs-safe-sleep',
      name: 'Safe Sleep for Infants',
      description:
        'Reducing the risk of sudden unexpected infant death through sleep position, a safe sleep environment and supervision.',
      prerequisites: [],
      questions: [
        single(
          1,
          'In which position should healthy infants be placed to sleep?',
          ['On their back', 'On their tummy', 'On their side', 'Propped up on a pillow'],
          0,
          'Placing babies on their back for every sleep, naps included, greatly lowers the risk of sudden infant death; "back to sleep" campaigns have reduced these deaths dramatically around the world.',
        ),
        multiple(
          1,
          "Which items should be kept out of an infant's cot? Select all that apply.",
          [
            'Pillows and soft toys',
            'Loose blankets and duvets',
            'Cot bumpers',
            'A firm, well-fitting mattress with a fitted sheet',
          ],
          [0, 1, 2],
          'A firm, flat mattress with a fitted sheet is all an infant needs; soft items and bumpers increase the risk of suffocation and entrapment.',
        ),
        trueFalse(
          2,
          'If an infant falls asleep in a car seat, bouncer or swing, it is safe to leave them there for the rest of the nap as long as they look comfortable.',
          false,
          "Sitting devices are not designed for sleep; a baby's head can fall forward and restrict the airway, so infants should be moved to a firm, flat sleep surface.",
        ),
        matching(
          2,
          'Match each safe-sleep practice to the reason for it.',
          [
            ['Place the baby on their back', 'Lowers the risk of sudden infant death'],
            ['Use a firm, flat mattress', "Stops the baby's face sinking into a soft surface"],
            ['Keep pillows and soft toys out of the cot', 'Removes items that could cover the face'],
            [
              'Dress the baby lightly and keep the room comfortably cool',
              'Overheating is linked to sudden infant death',
            ],
          ],
          'Each safe-sleep practice targets a known risk; together they make up the sleep policy staff follow for every nap, every day.',
        ),
        single(
          3,
          'A swaddled infant starts to show signs of trying to roll over. What should happen?',
          [
            'Stop swaddling for sleep, because a swaddled infant who rolls onto their tummy cannot use their arms to lift or turn their head',
            'Swaddle more tightly to prevent rolling',
            'Place the infant on their side to sleep',
            'Put a rolled blanket on each side to keep the infant in place',
          ],
          0,
          'Swaddling must stop as soon as an infant shows signs of trying to roll. Side sleeping, wedges and positioning devices are not recommended because they increase the risk of suffocation.',
        ),
      ],
    },
    {
      key: 'hs-supervision-environment',
      name: 'Supervision and Safe Environments',
      description:
        'Active supervision, hazard checks, choking and water hazards, and designing spaces that balance safety with beneficial risk.',
      prerequisites: ['cd-gross-motor'],
      questions: [
        multiple(
          1,
          'Which are elements of active supervision? Select all that apply.',
          [
            'Positioning staff so that all children can be seen and heard',
            'Scanning and counting children regularly',
            "Anticipating children's behaviour and likely hazards",
            'Chatting with colleagues with your back to the play area',
            'Moving around the space and engaging with children',
          ],
          [0, 1, 2, 4],
          'Active supervision means setting up the environment, positioning staff, scanning, counting, listening, anticipating and engaging, so that an adult is close enough to step in before an injury happens.',
        ),
        trueFalse(
          1,
          'A young child can drown in just a few centimetres of water, and drowning is often silent.',
          true,
          'Young children can drown quickly and quietly in very shallow water, such as a bucket, water tray or paddling pool, so water play always needs close supervision and containers must be emptied after use.',
        ),
        single(
          2,
          'What is a simple way to check whether a small object is a choking hazard for children under three?',
          [
            'See whether it fits inside a small-parts tester or a toilet-paper tube',
            'Check whether it weighs less than 50 grams',
            'Check whether it is brightly coloured',
            'See whether a child can lift it with one hand',
          ],
          0,
          "Objects small enough to pass through a small-parts cylinder (about 3 cm wide, roughly the width of a toilet-paper tube) can block a young child's airway and should be kept away from children under three.",
        ),
        short(
          2,
          'What two-word term describes thrilling, challenging play, such as climbing high or moving fast, that involves a manageable chance of minor injury and benefits development?',
          ['risky play'],
          'Risky play, studied by Ellen Sandseter and others, lets children test their limits and learn to judge risk; educators remove hazards children cannot see, such as broken equipment, while allowing challenges they can assess.',
        ),
        ordering(
          3,
          'Put these steps of a risk assessment for a new outdoor activity in order.',
          [
            'Identify the hazards',
            'Decide who might be harmed and how',
            'Evaluate the risks and decide on control measures',
            'Record the findings and put the controls in place',
            'Review the assessment and update it when things change',
          ],
          'A structured risk assessment (identify, consider who is affected, evaluate and control, record, review) lets educators keep beneficial challenges while managing serious hazards.',
        ),
      ],
    },
    {
      key: 'hs-emergency-preparedness',
      name: 'Emergency Preparedness and First Aid',
      description:
        'Emergency plans and drills, evacuation and lockdown, first aid for common childhood emergencies, and incident records.',
      prerequisites: ['hs-supervision-environment'],
      questions: [
        single(
          1,
          'During an emergency evacuation, what should educators take with them to account for every child?',
          [
            'The attendance record',
            'The daily menu',
            "The children's artwork",
            'The lesson plan for the day',
          ],
          0,
          'An up-to-date attendance record lets staff count children at the assembly point and know immediately whether anyone is missing; many programmes keep it with an emergency bag and contact list.',
        ),
        trueFalse(
          1,
          'Emergency drills should be practised regularly so that children and staff know what to do.',
          true,
          'Regular drills at different times of day build familiarity, reveal weaknesses in the plan and reduce panic in a real emergency.',
        ),
        matching(
          2,
          'Match each emergency response to the situation it is typically used for.',
          [
            ['Evacuation', 'A fire inside the building'],
            ['Lockdown', 'A dangerous person on or near the premises'],
            ['Shelter-in-place', 'A chemical spill or severe storm outside'],
          ],
          'Evacuation moves everyone out of a dangerous building, lockdown secures children inside away from a threat, and shelter-in-place keeps everyone indoors, often in an interior room, away from an outside hazard.',
        ),
        short(
          2,
          'What is the general name for the written record completed whenever a child is hurt at the programme, which is then shared with the family?',
          ['incident report', 'injury report', 'accident report', 'incident record'],
          'Incident and injury records document what happened, the first aid given and who was told; they inform families and can reveal patterns that point to hazards.',
        ),
        ordering(
          3,
          'An infant under one year is conscious but choking and cannot cry or cough. Put the first aid steps in order.',
          [
            'Shout for help and have someone call emergency services',
            'Give up to five back blows with the infant face down along your forearm',
            'Give up to five chest thrusts with two fingers on the centre of the chest',
            'Keep alternating back blows and chest thrusts until the object comes out',
            'Begin CPR if the infant becomes unresponsive',
          ],
          'For infants, back blows and chest thrusts are used instead of abdominal thrusts; keep alternating until the object is cleared and start CPR if the infant becomes unresponsive. Educators should hold a current first aid qualification.',
        ),
      ],
    },
    {
      key: 'hs-child-protection',
      name: 'Child Protection and Mandated Reporting',
      description:
        "Recognising possible abuse and neglect, responding to a child's disclosure and meeting the educator's duty to report concerns.",
      prerequisites: [],
      questions: [
        matching(
          1,
          'Match each form of child maltreatment to an example.',
          [
            ['Physical abuse', 'Unexplained bruises in the shape of an object'],
            ['Neglect', 'Persistent lack of food, hygiene, supervision or medical care'],
            ['Emotional abuse', 'Constant belittling, threats or rejection of the child'],
            ['Sexual abuse', 'Involving a child in sexual activity or exposing them to sexual material'],
          ],
          'The four main categories are physical, emotional and sexual abuse and neglect; a single sign rarely proves abuse, but a pattern of indicators is a reason for concern.',
        ),
        trueFalse(
          1,
          'An educator must have proof that a child is being abused before reporting a concern.',
          false,
          'Reporting duties are triggered by a reasonable suspicion or belief, not proof; investigating is the job of child protection authorities, not the educator.',
        ),
        single(
          2,
          'A child tells you that someone at home hurts them. What is the most appropriate first response?',
          [
            'Listen calmly, reassure the child that they were right to tell you, and avoid leading questions',
            'Ask detailed questions to find out exactly what happened',
            'Promise to keep it a secret so that the child keeps trusting you',
            "Call the child's parents straight away to ask what happened",
          ],
          0,
          'Stay calm, listen and reassure the child; do not interrogate or suggest answers, do not promise secrecy because you must pass the information on, and do not confront the family, which may put the child at greater risk.',
        ),
        multiple(
          2,
          "After a child's disclosure, what should the educator's written record include? Select all that apply.",
          [
            "The child's own words, recorded as exactly as possible",
            'The date, time and setting of the disclosure',
            'Any physical signs observed, described factually',
            "The educator's opinion about who the abuser is",
            'Who the concern was reported to, and when',
          ],
          [0, 1, 2, 4],
          "Records should be factual, timely and precise (the child's words, observed signs, dates and actions taken), not speculation, because authorities may rely on them.",
        ),
        short(
          3,
          'What term describes the deliberate process by which an adult builds trust with a child, and often with the adults around them, in order to abuse the child?',
          ['grooming', 'child grooming'],
          'Grooming often involves special attention, gifts, secrecy and gradually testing boundaries; child-safe organisations train staff to recognise it and set clear codes of conduct for adults.',
        ),
      ],
    },
  ],
};
