// One way to write the server's PDF documents (receipts, invoices): A4, Noto Sans embedded,
// headings and label-value rows, and the bytes once the document ends.
import { createRequire } from 'node:module';
import path from 'node:path';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);
/** Noto Sans (the map's font, @expo-google-fonts/noto-sans): every Polish letter; embedded as a subset. */
const FONT_DIR = path.dirname(require.resolve('@expo-google-fonts/noto-sans/package.json'));
const REGULAR = path.join(FONT_DIR, '400Regular/NotoSans_400Regular.ttf');
const BOLD = path.join(FONT_DIR, '700Bold/NotoSans_700Bold.ttf');

export interface PdfWriter {
  /** The document's title line, and a smaller one under it. */
  title(text: string, subtitle?: string): void;
  heading(text: string): void;
  /** A paragraph of plain text. */
  line(text: string): void;
  /** A label and its value on one line, the value right-aligned; nothing without a value. */
  row(label: string, value: string, strong?: boolean): void;
  /** A thin rule across the page, above a total. */
  rule(): void;
  /** Ends the document: its bytes. */
  end(): Promise<Buffer>;
}

export function pdfWriter(info: { title: string; author: string; lang: string }): PdfWriter {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    font: REGULAR,
    lang: info.lang,
    displayTitle: true,
    info: { Title: info.title, Author: info.author },
  });
  doc.registerFont('regular', REGULAR);
  doc.registerFont('bold', BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  return {
    title(text, subtitle) {
      doc.font('bold').fontSize(20).text(text, left);
      doc.font('regular').fontSize(11);
      if (subtitle) doc.text(subtitle);
    },
    heading(text) {
      doc.moveDown(0.8).font('bold').fontSize(13).text(text, left).moveDown(0.2);
      doc.font('regular').fontSize(10.5);
    },
    line(text) {
      doc.text(text, left);
    },
    row(label, value, strong = false) {
      if (!value) return;
      const y = doc.y;
      doc.font(strong ? 'bold' : 'regular').text(label, left, y, { width: width * 0.4 });
      const labelBottom = doc.y;
      doc.text(value, left + width * 0.4, y, { width: width * 0.6, align: 'right' });
      doc.y = Math.max(labelBottom, doc.y);
      doc.font('regular');
    },
    rule() {
      doc.moveDown(0.3);
      doc
        .moveTo(left, doc.y)
        .lineTo(left + width, doc.y)
        .lineWidth(0.5)
        .stroke();
      doc.moveDown(0.3);
    },
    end() {
      doc.end();
      return done;
    },
  };
}
