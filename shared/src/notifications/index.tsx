import { lazy, Suspense } from 'react';
import type { RideNotifyQuestionProps } from './RideNotifyQuestion';

export type { RideNotifyQuestionProps };
export { newestOrder } from './newestOrder';

// Shown only after an order (OrderSuccess, Track), never on a first screen: its code, texts
// and styles are a chunk of their own, loaded when it is rendered.
const Question = lazy(() =>
  import('./RideNotifyQuestion').then((module) => ({ default: module.RideNotifyQuestion })),
);

/**
 * The ride notifications question (RideNotifyQuestion.tsx); nothing, and nothing loaded, until the
 * order is known, then nothing until it has loaded.
 */
export function RideNotifyQuestion(props: RideNotifyQuestionProps) {
  if (!props.shortId) return null;
  return (
    <Suspense fallback={null}>
      <Question {...props} />
    </Suspense>
  );
}
