import type { ReactNode } from 'react';
import { LegalDocument, type DocumentText, type LegalSection } from './LegalDocument';
import { useLegal } from './useLegal';

export type DocumentName =
  'about' | 'android' | 'ios' | 'privacy' | 'privacyTaxi' | 'regulations' | 'deleteAccount';

interface TextDocumentProps {
  /** Key of the document in the `legal` namespace; its heading is `titles.<name>`. */
  name: DocumentName;
  meta?: string;
  /** Sections after the document's own. */
  extra?: LegalSection[];
  children?: ReactNode;
}

/** A document written wholly in the `legal` texts, filled with the corporation's legal data. */
export function TextDocument({ name, meta, extra = [], children }: TextDocumentProps) {
  const { text } = useLegal();
  const doc = text<DocumentText>(name);
  return (
    <LegalDocument
      title={text(`titles.${name}`)}
      meta={meta}
      intro={doc.intro}
      sections={[...doc.sections, ...extra]}
    >
      {children}
    </LegalDocument>
  );
}
