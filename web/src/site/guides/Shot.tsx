/** A product screenshot in a guide: real size attributes (no layout shift), loaded when near, captioned. */
export function Shot({
  src,
  width,
  height,
  alt,
  caption,
  phone = false,
}: {
  src: string;
  width: number;
  height: number;
  alt: string;
  caption: string;
  /** a phone screen: shown narrower, beside the text on wide screens */
  phone?: boolean;
}) {
  return (
    <figure className={phone ? 'site-figure site-shot site-shot-phone' : 'site-figure site-shot'}>
      <img src={src} width={width} height={height} alt={alt} loading="lazy" decoding="async" />
      <figcaption>{caption}</figcaption>
    </figure>
  );
}
