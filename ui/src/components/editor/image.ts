// An image of the body, as the editor keeps it and the HTML writes it.
export interface ImageData {
  /** An upload of the platform: `/media/…`. */
  src: string;
  alt: string;
  caption: string;
  width: number | null;
  height: number | null;
  /** A coupon image: clickable, to `href` (PRODUCT "Posts"). */
  coupon: boolean;
  href: string | null;
}
