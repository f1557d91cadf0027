import { matching, multiple, ordering, short, single, trueFalse } from '../question-builders.ts';
import type { CatalogueSubTopic } from '../types.ts';

export const hygieneSubTopic: CatalogueSubTopic = {
  name: 'Health and Hygiene',
  microTopics: [
    {
      key: 'hs-handwashing',
      name: 'Handwashing and Infection Control',
      description:
        'When and how adults and children wash their hands, and why handwashing is the most effective everyday defence against infection in group care.',
      prerequisites: [],
      questions: [
        ordering(
          1,
          'Put the steps of effective handwashing in order.',
          [
            'Wet hands with clean running water',
            'Apply soap',
            'Lather and scrub all surfaces of the hands',
            'Rinse well under running water',
            'Dry hands with a clean single-use towel or an air dryer',
          ],
          'Wet, soap, scrub the backs of the hands, between the fingers and under the nails, rinse and dry; drying matters because germs transfer more easily from wet hands.',
        ),
        multiple(
          1,
          'When should educators wash their hands? Select all that apply.',
          [
            'Before preparing or serving food',
            'After changing a nappy or helping a child use the toilet',
            "After wiping a child's nose",
            'Only at the start and end of each shift',
            'After contact with body fluids, even if gloves were worn',
          ],
          [0, 1, 2, 4],
          'Hands must be washed at key moments throughout the day: before food, after toileting and nappy changes, after wiping noses and after any contact with body fluids. Gloves do not replace handwashing.',
        ),
        trueFalse(
          2,
          'Alcohol-based hand sanitiser is an acceptable replacement for soap and water when hands are visibly dirty.',
          false,
          "Sanitiser does not work well on visibly dirty or greasy hands and does not kill some germs, such as norovirus; soap and running water are preferred, and sanitiser must be stored out of children's reach.",
        ),
        short(
          2,
          'For at least how many seconds should hands be scrubbed with soap when washing them?',
          ['20', '20 seconds', 'twenty', 'twenty seconds'],
          'Scrubbing for at least 20 seconds, about the time it takes to hum "Happy Birthday" twice, removes far more germs than a quick rinse.',
        ),
        single(
          3,
          'Which route of germ transmission is most directly interrupted by handwashing in a toddler room?',
          [
            'Faecal–oral and contact transmission',
            'Airborne transmission over long distances',
            'Transmission through mosquito bites',
            'Transmission through blood transfusions',
          ],
          0,
          'Many common child-care illnesses, such as gastroenteritis, spread when germs from stools or secretions travel on hands to mouths, food and surfaces; handwashing breaks that chain. Airborne spread needs other measures, such as ventilation.',
        ),
      ],
    },
    {
      key: 'hs-cleaning-sanitising',
      name: 'Cleaning, Sanitising and Disinfecting',
      description:
        'The difference between cleaning, sanitising and disinfecting, what to use where, and routines for toys, surfaces and nappy-change areas.',
      prerequisites: ['hs-handwashing'],
      questions: [
        matching(
          1,
          'Match each term to what it does.',
          [
            ['Cleaning', 'Removes dirt and many germs using detergent and water'],
            ['Sanitising', 'Reduces germs on a surface to levels considered safe'],
            ['Disinfecting', 'Kills nearly all germs on a hard, non-porous surface'],
          ],
          'Cleaning always comes first because dirt shields germs; sanitising is typical for food-contact surfaces and mouthed toys, while disinfecting is used where there may be body fluids, such as nappy-change tables.',
        ),
        trueFalse(
          1,
          'A surface should be cleaned before it is sanitised or disinfected.',
          true,
          'Sanitisers and disinfectants cannot work properly through dirt and organic matter, so surfaces are washed with detergent first, then rinsed and treated.',
        ),
        single(
          2,
          'A toddler puts a toy in their mouth and then drops it. What is the recommended practice?',
          [
            'Put it in a separate container for mouthed toys, to be cleaned and sanitised before another child uses it',
            'Wipe it on your clothing and return it to the shelf',
            'Throw the toy away',
            'Leave it out, since the children share germs anyway',
          ],
          0,
          'Mouthed toys carry saliva and germs; setting them aside until they have been washed, rinsed and sanitised prevents infections passing from child to child.',
        ),
        short(
          2,
          'What term describes the transfer of germs from one surface or food to another, for example by using the same cloth on a nappy-change table and then a meal table?',
          ['cross-contamination'],
          "Cross-contamination spreads germs to places where they can reach children's mouths; colour-coded cloths and separate cleaning equipment for toilets, nappy areas and food areas prevent it.",
        ),
        ordering(
          3,
          'Put the steps of the clean-then-sanitise routine for a hard surface in order.',
          [
            'Scrape or wipe away visible soil',
            'Wash with detergent and water',
            'Rinse with clean water',
            'Apply the sanitiser or disinfectant',
            'Leave it for the full contact time stated on the label',
          ],
          'Detergent and friction remove soil, rinsing removes residue that can weaken some chemicals, and the product must stay wet for its stated contact time to kill germs.',
        ),
      ],
    },
    {
      key: 'hs-illness-exclusion',
      name: 'Recognising and Responding to Illness',
      description:
        'Daily health checks, common signs of illness, fever, exclusion principles and caring for a child who becomes unwell.',
      prerequisites: ['hs-handwashing'],
      questions: [
        multiple(
          1,
          'Which observations during a daily health check could indicate that a child is unwell? Select all that apply.',
          [
            'Unusual tiredness or irritability',
            'Flushed skin or a new rash',
            'Eating a bigger breakfast than usual',
            'Repeated vomiting or diarrhoea',
            'Discharge from the eyes',
          ],
          [0, 1, 3, 4],
          "A quick daily health check on arrival, looking at behaviour, skin, eyes and breathing and listening to the family's report, helps staff spot illness early and act before it spreads.",
        ),
        short(
          1,
          'A body temperature at or above how many degrees Celsius is commonly used to define fever in young children?',
          ['38', '38 degrees', '38 c', '38 degrees celsius'],
          'A temperature of 38 °C (100.4 °F) or higher is the widely used threshold for fever; how the child looks and behaves matters as much as the number.',
        ),
        trueFalse(
          2,
          'A child with a mild cold who is well enough to take part in normal activities usually needs to be excluded from group care.',
          false,
          "Exclusion is generally for children who cannot take part comfortably, need more care than staff can give without neglecting others, or have a condition with a significant risk of spreading, such as diarrhoea. Always follow your local health authority's exclusion guidance.",
        ),
        single(
          2,
          'A child develops a fever and becomes lethargic during the day. What should the educator do first?',
          [
            'Move the child away from the group to a comfortable, supervised space and contact the family',
            "Give the child fever medicine from the centre's supply without telling anyone",
            'Leave the child in the group until pick-up time',
            'Wait until the end of the day to mention it to the family',
          ],
          0,
          'An unwell child should be separated from other children while still supervised and comforted, and the family contacted to collect them; medicine is given only with written authorisation, according to policy.',
        ),
        matching(
          3,
          'Match each common childhood condition to a key sign often seen in early childhood settings.',
          [
            ['Conjunctivitis', 'Red, itchy eyes with discharge'],
            ['Hand, foot and mouth disease', 'Blisters in the mouth and on the hands and feet'],
            ['Head lice', 'Itchy scalp with eggs attached to the hair shafts'],
            ['Gastroenteritis', 'Vomiting and diarrhoea'],
            ['Chickenpox', 'An itchy, blister-like rash that crusts over'],
          ],
          'Recognising common signs helps educators respond quickly; staff describe what they observe to families and follow health-authority guidance rather than making a diagnosis.',
        ),
      ],
    },
    {
      key: 'hs-diapering',
      name: 'Nappy (Diaper) Changing',
      description:
        'A hygienic, respectful nappy-changing procedure that protects children and staff and turns a routine into a caring interaction.',
      prerequisites: ['hs-cleaning-sanitising', 'cd-self-care-toileting'],
      questions: [
        trueFalse(
          1,
          'A child may be left alone on a raised changing table for a few seconds while the educator fetches a forgotten nappy.',
          false,
          'Falls from changing tables can cause serious injuries; keep a hand on the child at all times and gather everything before you start.',
        ),
        single(
          1,
          'Why is nappy changing an important time for building relationships with infants and toddlers?',
          [
            'It is a one-to-one moment for eye contact, talk and responsive care',
            'It is a chance to finish quickly and get back to the group',
            'It is the only time infants can be observed',
            'It teaches children to stay still for long periods',
          ],
          0,
          'Care routines are rich learning times: telling the child what will happen, inviting their cooperation and responding to their cues builds trust and language.',
        ),
        ordering(
          2,
          'Put these nappy-changing steps in the correct order.',
          [
            'Gather supplies and put on gloves',
            'Place the child on the changing surface, keeping a hand on them',
            "Remove the soiled nappy and clean the child's bottom from front to back",
            'Remove your gloves, put on a clean nappy and dress the child',
            "Wash the child's hands and return them to the group",
            'Clean and disinfect the changing surface, then wash your own hands',
          ],
          'Preparing first means you never leave the child; gloves come off before you touch clean items, and the surface is disinfected and your hands washed last so that germs are not spread.',
        ),
        multiple(
          2,
          'Which practices reduce the spread of infection during nappy changing? Select all that apply.',
          [
            'Using a changing area separate from food preparation areas',
            "Washing the child's hands after the change",
            'Placing soiled nappies in a lidded, hands-free bin',
            'Rinsing soiled clothing in the handwashing sink',
            'Disinfecting the changing surface after every change',
          ],
          [0, 1, 2, 4],
          'Separating changing from food areas, hand hygiene, lidded hands-free bins and disinfecting after every change all break the faecal–oral route; rinsing soiled items in a handwashing sink contaminates it.',
        ),
        short(
          3,
          "Magda Gerber's respectful-care approach to infants, which treats routines such as nappy changes as opportunities for cooperation, is known by what acronym?",
          ['RIE', 'Resources for Infant Educarers'],
          'RIE (Resources for Infant Educarers), founded by Magda Gerber, encourages adults to slow down, tell infants what is going to happen and invite them to take part in their own care.',
        ),
      ],
    },
  ],
};
