import { matching, multiple, ordering, short, single, trueFalse } from '../question-builders.ts';
import type { CatalogueSubTopic } from '../types.ts';

export const nutritionSubTopic: CatalogueSubTopic = {
  name: 'Nutrition and Food Safety',
  microTopics: [
    {
      key: 'hs-nutrition-basics',
      name: 'Nutrition for Young Children',
      description:
        'Balanced meals for young children, key nutrients, healthy drinks and responsive approaches to eating.',
      prerequisites: [],
      questions: [
        multiple(
          1,
          'Which drinks are the best everyday choices for children over 12 months? Select all that apply.',
          ['Water', 'Plain milk', 'Fruit drinks', 'Soft drinks', 'Sports drinks'],
          [0, 1],
          "Water and plain milk meet children's fluid needs without added sugars; sugary drinks contribute to tooth decay and displace more nutritious foods.",
        ),
        short(
          1,
          'Anaemia caused by a lack of which mineral is one of the most common nutritional problems in young children worldwide?',
          ['iron'],
          "Iron supports brain development and healthy blood; pairing iron-rich foods with foods high in vitamin C improves absorption, and large amounts of cow's milk can crowd iron-rich foods out of a toddler's diet.",
        ),
        trueFalse(
          2,
          'A child may need to be offered a new food many times, often 8 to 15 times, before accepting it.',
          true,
          'Repeated, pressure-free exposure is one of the most effective ways to increase acceptance of new foods; refusing a food the first few times is normal, especially during the toddler years.',
        ),
        matching(
          2,
          'Match each nutrient to one of its main roles in the body.',
          [
            ['Protein', 'Growth and repair of body tissues'],
            ['Calcium', 'Building strong bones and teeth'],
            ['Carbohydrates', "The body's main source of energy"],
            ['Vitamin C', 'Healthy gums, wound healing and iron absorption'],
            ['Fibre', 'Healthy digestion and regular bowel movements'],
          ],
          'A varied diet across the food groups (vegetables, fruit, grains, protein foods, and dairy or alternatives) supplies these nutrients; no single food provides them all.',
        ),
        single(
          3,
          "Under Ellyn Satter's Division of Responsibility in feeding, what is the child responsible for?",
          [
            'Whether to eat, and how much to eat, from what is offered',
            'Which foods are served',
            'When and where meals happen',
            'Planning the weekly menu',
          ],
          0,
          "Adults decide what, when and where food is offered; children decide whether and how much to eat. Respecting this division supports children's hunger and fullness cues and reduces battles at mealtimes.",
        ),
      ],
    },
    {
      key: 'hs-feeding-practices',
      name: 'Infant and Toddler Feeding',
      description:
        'Responsive feeding, safe bottle feeding, introducing solid foods and moving towards family foods.',
      prerequisites: ['hs-nutrition-basics'],
      questions: [
        single(
          1,
          'At about what age does the World Health Organization recommend starting to introduce solid foods alongside breast milk?',
          ['About 6 months', 'About 6 weeks', 'About 12 months', 'About 2 years'],
          0,
          'The WHO recommends exclusive breastfeeding for about the first six months, then safe, nutritious complementary foods while breastfeeding continues; signs of readiness include sitting with support and good head control.',
        ),
        trueFalse(
          1,
          'Propping up a bottle so that an infant can feed alone is a safe practice when staff are busy.',
          false,
          'Bottle propping increases the risk of choking and ear infections and removes the close, responsive interaction that feeding should provide; infants should be held for bottle feeds.',
        ),
        multiple(
          2,
          'Which are early hunger cues in an infant? Select all that apply.',
          [
            'Rooting: turning the head to search for the nipple or bottle',
            'Sucking on hands or fingers',
            'Lip smacking or opening the mouth',
            'Turning the head away and closing the mouth',
            'Arching the back and pushing the bottle away',
          ],
          [0, 1, 2],
          'Rooting, hand sucking and mouth movements are early hunger cues, while crying is a late one. Turning away, closing the mouth and pushing the bottle away signal fullness, which responsive feeders respect.',
        ),
        short(
          2,
          'Bottles of milk should not be warmed in a microwave because it heats unevenly. What are the resulting pockets of very hot liquid called?',
          ['hot spots'],
          "Microwaves can create hot spots that scald an infant's mouth even when the bottle feels cool on the outside; warm bottles in warm water or a bottle warmer and test the temperature first.",
        ),
        ordering(
          3,
          'Put these food textures in the order in which they are typically introduced to infants.',
          ['Puréed foods', 'Mashed and semi-solid foods', 'Finger foods', 'Family foods'],
          'WHO guidance describes starting with puréed, mashed and semi-solid foods at about 6 months, offering finger foods by about 8 months and most family foods by about 12 months; progressing textures supports chewing and oral-motor skills.',
        ),
      ],
    },
    {
      key: 'hs-food-allergies',
      name: 'Food Allergies and Anaphylaxis',
      description:
        'Common food allergens, recognising allergic reactions and anaphylaxis, emergency response and everyday allergy management.',
      prerequisites: ['hs-nutrition-basics', 'hs-emergency-preparedness'],
      questions: [
        multiple(
          1,
          'Which foods are among the most common causes of food allergy in young children? Select all that apply.',
          ['Peanuts', "Cow's milk", 'Eggs', 'Rice', 'Tree nuts'],
          [0, 1, 2, 4],
          'Milk, egg, peanut, tree nuts, soy, wheat, fish, shellfish and sesame cause most food allergies; rice allergy is rare.',
        ),
        trueFalse(
          1,
          'Every child with a diagnosed severe allergy should have an individual medical action plan, developed with the family and a health professional, that all staff know and can find quickly.',
          true,
          'An individual action plan, ideally with a photo, lists the allergens, the signs of a reaction and the exact emergency steps, so that any staff member can respond at once.',
        ),
        single(
          2,
          'A child with a known peanut allergy develops a swollen tongue and difficulty breathing after lunch. What should staff do first?',
          [
            'Give the adrenaline (epinephrine) auto-injector as set out in the action plan, then call emergency services',
            'Give an antihistamine and wait to see whether the symptoms improve',
            'Call the family and ask what to do',
            'Walk the child to the office to lie down and drink water',
          ],
          0,
          'Breathing difficulty or a swollen tongue signals anaphylaxis; adrenaline is the first-line treatment and must be given without delay, followed by an ambulance call. Antihistamines do not treat anaphylaxis, and the child should not be made to walk.',
        ),
        short(
          2,
          'What term describes the unintended transfer of an allergen from one food to another, for example by using the same knife for peanut butter and a nut-free sandwich?',
          ['cross-contact', 'cross-contamination'],
          'Even trace amounts of an allergen can cause a reaction; separate utensils and preparation areas and careful cleaning prevent cross-contact. Unlike bacteria, allergens are not destroyed by cooking.',
        ),
        matching(
          3,
          'Match each allergy-related term to its meaning.',
          [
            ['Allergen', 'A substance that triggers an allergic reaction'],
            ['Anaphylaxis', 'A severe, potentially life-threatening allergic reaction'],
            ['Adrenaline (epinephrine)', 'The first-line emergency medicine for anaphylaxis'],
            [
              'Food intolerance',
              'A reaction that does not involve the immune system, such as lactose intolerance',
            ],
          ],
          'Food allergies involve the immune system and can be life-threatening, whereas intolerances cause discomfort but not anaphylaxis; adrenaline reverses the airway swelling and falling blood pressure of anaphylaxis.',
        ),
      ],
    },
    {
      key: 'hs-food-safety',
      name: 'Food Safety and Choking Prevention',
      description:
        'Safe storage and handling of food, the temperature danger zone, and preparing food to reduce choking risk for young children.',
      prerequisites: ['hs-handwashing'],
      questions: [
        trueFalse(
          1,
          'Whole grapes should be cut lengthwise into halves or quarters before being served to young children.',
          true,
          "Round, firm foods such as whole grapes and cherry tomatoes can lodge in a young child's airway; cutting them lengthwise changes their shape and reduces the risk of choking.",
        ),
        multiple(
          1,
          'Which foods are a high choking risk for children under about four and need to be avoided or modified? Select all that apply.',
          ['Whole nuts', 'Popcorn', 'Round slices of sausage', 'Plain yoghurt', 'Hard rounds of raw carrot'],
          [0, 1, 2, 4],
          'Small, hard, round or sticky foods are the main hazards; grate or cook hard vegetables, cut sausages lengthwise, and always have children sit down and be supervised while they eat.',
        ),
        short(
          2,
          'What is the name for the range of temperatures, roughly 5 °C to 60 °C (40 °F to 140 °F), in which bacteria multiply quickly in food?',
          ['danger zone', 'temperature danger zone'],
          'Keeping cold food at or below 5 °C and hot food at or above 60 °C, and limiting the time food spends in between, stops bacteria multiplying to harmful levels.',
        ),
        matching(
          2,
          "Match each of the World Health Organization's Five Keys to Safer Food to an example.",
          [
            ['Keep clean', 'Wash hands before handling food and often during preparation'],
            ['Separate raw and cooked', 'Use a different chopping board for raw chicken'],
            ['Cook thoroughly', 'Cook meat until it is hot all the way through'],
            ['Keep food at safe temperatures', 'Refrigerate leftovers promptly'],
            ['Use safe water and raw materials', 'Wash fruit and vegetables and check use-by dates'],
          ],
          'The Five Keys summarise the main ways to prevent foodborne illness, which is especially dangerous for young children.',
        ),
        single(
          3,
          'Leftover cooked rice from lunch has been sitting at room temperature all afternoon. What should be done with it?',
          [
            'Throw it away',
            'Reheat it until steaming and serve it at afternoon tea',
            'Refrigerate it now and serve it tomorrow',
            'Serve it cold, since rice does not spoil',
          ],
          0,
          'Cooked food left in the danger zone for more than about two hours should be discarded; in rice, spores of Bacillus cereus can produce toxins that reheating does not destroy.',
        ),
      ],
    },
  ],
};
