import { useId, type ReactNode } from 'react';
import { RichText } from './RichText';
import '../legal.css';

/** One numbered section of a document; texts may hold e-mail addresses (they become links). */
export interface LegalSection {
  title: string;
  paragraphs?: string[];
  /** A bulleted list. */
  items?: string[];
  /** A numbered list: steps, clauses. */
  numbered?: string[];
  /** Anything a screen adds that is not text (links, contact lists). */
  content?: ReactNode;
  /** Paragraphs after the lists. */
  notes?: string[];
}

/** The text part of a document, as the `legal` namespace holds it. */
export interface DocumentText {
  intro?: string[];
  sections: LegalSection[];
}

export interface LegalDocumentProps extends DocumentText {
  title: string;
  /** A line under the heading: the date of the document. */
  meta?: string;
  children?: ReactNode;
}

function Paragraphs({ texts = [] }: { texts?: string[] }) {
  return texts.map((text) => (
    <p key={text}>
      <RichText text={text} />
    </p>
  ));
}

function TextList({ texts, ordered }: { texts?: string[]; ordered: boolean }) {
  if (!texts?.length) return null;
  const List = ordered ? 'ol' : 'ul';
  return (
    <List className={ordered ? 'lg-numbered' : 'lg-items'}>
      {texts.map((text) => (
        <li key={text}>
          <RichText text={text} />
        </li>
      ))}
    </List>
  );
}

/** A page of the legal remote: the heading, an optional date line and intro, ordered sections. */
export function LegalDocument({ title, meta, intro, sections, children }: LegalDocumentProps) {
  const id = useId();
  return (
    <article className="tx-page lg-doc" aria-labelledby={`${id}title`}>
      <header className="lg-doc__header">
        <h1 id={`${id}title`}>{title}</h1>
        {meta ? <p className="lg-doc__meta">{meta}</p> : null}
      </header>
      <Paragraphs texts={intro} />
      <ol className="lg-doc__sections">
        {sections.map((section, index) => (
          <li key={section.title} className="tx-card">
            <section aria-labelledby={`${id}s${index}`}>
              <h2 id={`${id}s${index}`}>{section.title}</h2>
              <Paragraphs texts={section.paragraphs} />
              <TextList texts={section.items} ordered={false} />
              <TextList texts={section.numbered} ordered />
              {section.content}
              <Paragraphs texts={section.notes} />
            </section>
          </li>
        ))}
      </ol>
      {children}
    </article>
  );
}
