// An e-mail address inside a text becomes a mailto link; the rest stays plain text.
const EMAIL = /([^\s@()<>,;:„”“"]+@[^\s@()<>,;:„”“"]+\.[a-z]{2,})/i;

export function RichText({ text }: { text: string }) {
  return (
    <>
      {text.split(EMAIL).map((part, index) =>
        index % 2 === 1 ? (
          <a key={index} href={`mailto:${part}`}>
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </>
  );
}
