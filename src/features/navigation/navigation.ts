/** Header navigation, in the order the product specification lists it. */
export interface NavLink {
  label: string;
  href: string;
}

export interface NavGroup {
  label: string;
  items: NavLink[];
}

export type NavEntry = NavLink | NavGroup;

export const mainNavigation: NavEntry[] = [
  { label: "Home", href: "/" },
  { label: "About Us", href: "/about" },
  { label: "Gallery", href: "/gallery" },
  {
    label: "Products",
    items: [
      { label: "The Aural Solution", href: "/products/aural-solution" },
      { label: "Felt Panels", href: "/products/felt-panels" },
      { label: "Perforated Panels", href: "/products/perforated-panels" },
      { label: "Grooved Panels", href: "/products/grooved-panels" },
      { label: "Veneered Panels", href: "/products/veneered-panels" },
    ],
  },
  {
    label: "Learning Materials",
    items: [
      { label: "The Basics of Acoustics", href: "/learning/room-acoustics" },
      { label: "Acoustic Elements", href: "/learning/acoustic-elements" },
      { label: "Room Acoustics Calculator", href: "/tools/room-acoustics-calculator" },
    ],
  },
  { label: "Spatial Oriented Solutions", href: "/spatial-solutions" },
  { label: "Contact", href: "/contact" },
];

export const isGroup = (entry: NavEntry): entry is NavGroup => "items" in entry;
