/**
 * The demo seed's short teaching clips: what each shows (scripts/make-demo-clips.ts draws them from this) and
 * what the seed says about them. The clips themselves are committed as media/{file}.webm (VP9, no sound).
 */
export interface DemoClip {
  file: string;
  title: string;
  summary: string;
  /** Micro topics it teaches, by their catalogue names. */
  microTopics: string[];
  background: string;
  accent: string;
  slides: { mark: string; heading: string; text: string; seconds: number }[];
}

export const DEMO_CLIPS: DemoClip[] = [
  {
    file: 'handwashing-six-steps',
    title: 'Handwashing in six steps',
    summary:
      'The routine to teach and model with toddlers and preschoolers: when to wash, the six steps, and the twenty seconds of scrubbing that make it work.',
    microTopics: ['Handwashing and Infection Control'],
    background: '#1d6f8c',
    accent: '#f29f05',
    slides: [
      {
        mark: 'When',
        heading: 'When to wash',
        text: 'On arrival, before eating or handling food, after the toilet or a nappy change, after outdoor play, and after wiping a nose.',
        seconds: 5,
      },
      { mark: '1', heading: 'Wet', text: 'Wet hands with clean running water, warm or cold.', seconds: 3 },
      {
        mark: '2',
        heading: 'Soap',
        text: 'Apply enough soap to cover both hands. Liquid soap, not a shared bar.',
        seconds: 3,
      },
      {
        mark: '3',
        heading: 'Scrub for 20 seconds',
        text: 'Palms, backs of hands, between the fingers, thumbs and under the nails. Sing "Happy Birthday" twice.',
        seconds: 6,
      },
      {
        mark: '4',
        heading: 'Rinse',
        text: 'Rinse well under running water, fingers pointing down.',
        seconds: 3,
      },
      {
        mark: '5',
        heading: 'Dry',
        text: 'Dry with a single-use paper towel or a clean towel for each child.',
        seconds: 3,
      },
      {
        mark: '6',
        heading: 'Turn off with the towel',
        text: 'Use the towel to turn off the tap, then put it in the bin. Model it every time: children copy what they see.',
        seconds: 4,
      },
    ],
  },
  {
    file: 'stages-of-play',
    title: "Parten's stages of social play",
    summary:
      'Mildred Parten’s six categories of social participation, with what each looks like in a preschool room and why none of them is a problem to fix.',
    microTopics: ['Types and Stages of Play'],
    background: '#5b3f8c',
    accent: '#2bb673',
    slides: [
      {
        mark: '1',
        heading: 'Unoccupied',
        text: 'The child watches, moves about, but is not engaged with a play activity yet.',
        seconds: 4,
      },
      {
        mark: '2',
        heading: 'Solitary',
        text: 'The child plays alone and independently, absorbed in their own materials.',
        seconds: 4,
      },
      {
        mark: '3',
        heading: 'Onlooker',
        text: 'The child watches others play and may talk to them, but does not join in.',
        seconds: 4,
      },
      {
        mark: '4',
        heading: 'Parallel',
        text: 'Side by side with similar toys, each child plays on their own: common from about age two.',
        seconds: 4,
      },
      {
        mark: '5',
        heading: 'Associative',
        text: 'Children share materials and talk about the play, without a common goal or roles.',
        seconds: 4,
      },
      {
        mark: '6',
        heading: 'Cooperative',
        text: 'Children organise the play together: shared goals, roles and rules, as in a pretend shop.',
        seconds: 4,
      },
    ],
  },
  {
    file: 'running-record',
    title: 'Writing an objective running record',
    summary:
      'How to record exactly what a child says and does, in sequence and in the present tense, and keep interpretation for later.',
    microTopics: ['Running Records and Specimen Records'],
    background: '#2f5d50',
    accent: '#e4572e',
    slides: [
      {
        mark: '1',
        heading: 'Set the scene',
        text: 'Date, time, setting, the child (initials only) and who else is there, before you start writing.',
        seconds: 5,
      },
      {
        mark: '2',
        heading: 'Record as it happens',
        text: 'Write continuously for a set time, in sequence, in the present tense: "M. picks up the red block."',
        seconds: 5,
      },
      {
        mark: '3',
        heading: 'Facts, not feelings',
        text: 'Write "M. pushes the tower over and laughs", not "M. is naughty" or "M. is happy".',
        seconds: 5,
      },
      {
        mark: '4',
        heading: 'Exact words',
        text: 'Quote what the child says word for word, including how they say it, when you can.',
        seconds: 4,
      },
      {
        mark: '5',
        heading: 'Interpret later',
        text: 'Afterwards, in a separate column, link what you saw to development and plan next steps.',
        seconds: 5,
      },
    ],
  },
];
