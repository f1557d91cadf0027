import { useId } from 'react';
import ReactDateTimePicker from 'react-datetime-picker';
import type { DateTimePickerProps as LibProps } from 'react-datetime-picker';
import 'react-datetime-picker/dist/DateTimePicker.css';
import 'react-calendar/dist/Calendar.css';
import 'react-clock/dist/Clock.css';
import { checkDateRules } from './date-rules.ts';
import type { DateRules } from './date-rules.ts';

export { checkDateRules } from './date-rules.ts';
export type { DateRules } from './date-rules.ts';

type Common = {
  label: string;
  name?: string;
  /** 12-hour clock with AM/PM when true, 24-hour otherwise. */
  hour12?: boolean;
  rules?: DateRules;
  required?: boolean;
  disabled?: boolean;
  /** An error from outside (e.g. the server's 422 message); shown before rule messages. */
  error?: string;
};
type Point = Common & {
  mode: 'date' | 'datetime';
  value: Date | null;
  onChange: (value: Date | null) => void;
};
type Range = Common & {
  mode: 'range';
  value: [Date | null, Date | null];
  onChange: (value: [Date | null, Date | null]) => void;
};
export type DateTimePickerProps = Point | Range;

const DATE_FORMAT = 'y-MM-dd';

const ariaLabels = {
  dayAriaLabel: 'Day',
  monthAriaLabel: 'Month',
  yearAriaLabel: 'Year',
  hourAriaLabel: 'Hour',
  minuteAriaLabel: 'Minute',
  amPmAriaLabel: 'AM or PM',
  calendarAriaLabel: 'Toggle calendar',
  clearAriaLabel: 'Clear value',
  nativeInputAriaLabel: 'Date',
} satisfies Partial<LibProps>;

function libProps(rules: DateRules | undefined, withTime: boolean, hour12: boolean): Partial<LibProps> {
  return {
    ...ariaLabels,
    format: withTime ? `${DATE_FORMAT} ${hour12 ? 'h:mm a' : 'HH:mm'}` : DATE_FORMAT,
    // The clock face only shows the time typed in the hour and minute boxes (it sets nothing), and it opened
    // over the field below (a live discussion's Ends); the calendar opens from its button, not on every focus,
    // for the same reason.
    disableClock: true,
    shouldOpenWidgets: ({ reason }) => reason !== 'focus',
    maxDetail: 'minute',
    minDate: rules?.minDate,
    maxDate: rules?.maxDate,
    calendarProps: rules?.weekdaysOnly
      ? { tileDisabled: ({ date, view }) => view === 'month' && (date.getDay() === 0 || date.getDay() === 6) }
      : undefined,
  };
}

/** Date, date-time or date-range input (react-datetime-picker) with optional rules for allowed times. */
export function DateTimePicker(props: DateTimePickerProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const hour12 = props.hour12 ?? false;

  let ruleError: string | null = null;
  let body;
  if (props.mode === 'range') {
    const [start, end] = props.value;
    const withTime = false;
    ruleError =
      (start && checkDateRules(start, props.rules, withTime)) ||
      (end && checkDateRules(end, props.rules, withTime)) ||
      (start && end && start > end ? 'The end date must be on or after the start date.' : null);
    body = (
      <div className="date-range">
        <span className="date-range__part">
          <span className="date-range__label">From</span>
          <ReactDateTimePicker
            {...libProps({ ...props.rules, maxDate: end ?? props.rules?.maxDate }, withTime, hour12)}
            name={props.name ? `${props.name}_from` : undefined}
            value={start}
            required={props.required}
            disabled={props.disabled}
            onChange={(v) => props.onChange([v, end])}
          />
        </span>
        <span className="date-range__part">
          <span className="date-range__label">To</span>
          <ReactDateTimePicker
            {...libProps({ ...props.rules, minDate: start ?? props.rules?.minDate }, withTime, hour12)}
            name={props.name ? `${props.name}_to` : undefined}
            value={end}
            required={props.required}
            disabled={props.disabled}
            onChange={(v) => props.onChange([start, v])}
          />
        </span>
      </div>
    );
  } else {
    const withTime = props.mode === 'datetime';
    ruleError = props.value ? checkDateRules(props.value, props.rules, withTime) : null;
    body = (
      <ReactDateTimePicker
        {...libProps(props.rules, withTime, hour12)}
        name={props.name}
        value={props.value}
        required={props.required}
        disabled={props.disabled}
        onChange={props.onChange}
      />
    );
  }

  const error = props.error ?? ruleError;
  return (
    <div
      className={`field date-picker${error ? ' field--invalid' : ''}`}
      role="group"
      aria-labelledby={labelId}
      aria-describedby={error ? errorId : undefined}
    >
      <span id={labelId} className="field__label">
        {props.label}
        {props.required && <span aria-hidden="true"> *</span>}
      </span>
      {body}
      {error && (
        <p id={errorId} className="field__errors" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
