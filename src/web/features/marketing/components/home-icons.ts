// The icons of the public frame and the landing page, built here rather than imported one by one
// from lucide-react: each lucide icon used by several areas becomes its own tiny chunk, and `/`
// would fetch a dozen of them. Defined in this module they travel in the marketing-home chunk
// (vite.config.ts). Drawings from Lucide (https://lucide.dev), ISC License, © Lucide Contributors.
import { createLucideIcon } from "lucide-react";

export const MenuIcon = createLucideIcon("menu", [
  ["path", { d: "M4 5h16", key: "a" }],
  ["path", { d: "M4 12h16", key: "b" }],
  ["path", { d: "M4 19h16", key: "c" }],
]);

export const CloseIcon = createLucideIcon("x", [
  ["path", { d: "M18 6 6 18", key: "a" }],
  ["path", { d: "m6 6 12 12", key: "b" }],
]);

export const CheckIcon = createLucideIcon("check", [["path", { d: "M20 6 9 17l-5-5", key: "a" }]]);

export const ArrowDownLeftIcon = createLucideIcon("arrow-down-left", [
  ["path", { d: "M17 7 7 17", key: "a" }],
  ["path", { d: "M17 17H7V7", key: "b" }],
]);

export const ArrowUpRightIcon = createLucideIcon("arrow-up-right", [
  ["path", { d: "M7 7h10v10", key: "a" }],
  ["path", { d: "M7 17 17 7", key: "b" }],
]);

export const ZapIcon = createLucideIcon("zap", [
  [
    "path",
    {
      d: "M15.914 4a1.5 1.5 0 00-2.474-1.561l-9 9A1.5 1.5 0 005.5 14h4.002a.5.5 0 01.471.666L8.086 20a1.5 1.5 0 002.475 1.56l9-9A1.5 1.5 0 0018.5 10h-3.997a.5.5 0 01-.472-.667z",
      key: "a",
    },
  ],
]);

export const ShieldCheckIcon = createLucideIcon("shield-check", [
  [
    "path",
    {
      d: "M20 13c0 5-3.5 7.5-7.66 8.95a1 1 0 0 1-.67-.01C7.5 20.5 4 18 4 13V6a1 1 0 0 1 1-1c2 0 4.5-1.2 6.24-2.72a1.17 1.17 0 0 1 1.52 0C14.51 3.81 17 5 19 5a1 1 0 0 1 1 1z",
      key: "a",
    },
  ],
  ["path", { d: "m9 12 2 2 4-4", key: "b" }],
]);

export const GlobeIcon = createLucideIcon("earth", [
  ["path", { d: "M21.54 15H17a2 2 0 0 0-2 2v4.54", key: "a" }],
  ["path", { d: "M7 3.34V5a3 3 0 0 0 3 3a2 2 0 0 1 2 2c0 1.1.9 2 2 2a2 2 0 0 0 2-2c0-1.1.9-2 2-2h3.17", key: "b" }],
  ["path", { d: "M11 21.95V18a2 2 0 0 0-2-2a2 2 0 0 1-2-2v-1a2 2 0 0 0-2-2H2.05", key: "c" }],
  ["circle", { cx: "12", cy: "12", r: "10", key: "d" }],
]);

export const PlugIcon = createLucideIcon("plug", [
  ["path", { d: "M12 22v-5", key: "a" }],
  ["path", { d: "M15 8V2", key: "b" }],
  ["path", { d: "M17 8a1 1 0 0 1 1 1v4a4 4 0 0 1-4 4h-4a4 4 0 0 1-4-4V9a1 1 0 0 1 1-1z", key: "c" }],
  ["path", { d: "M9 8V2", key: "d" }],
]);

export const ChartIcon = createLucideIcon("chart-column", [
  ["path", { d: "M3 3v16a2 2 0 0 0 2 2h16", key: "a" }],
  ["path", { d: "M18 17V9", key: "b" }],
  ["path", { d: "M13 17V5", key: "c" }],
  ["path", { d: "M8 17v-3", key: "d" }],
]);

export const HeadphonesIcon = createLucideIcon("headphones", [
  [
    "path",
    {
      d: "M3 14h3a2 2 0 0 1 2 2v3a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-7a9 9 0 0 1 18 0v7a2 2 0 0 1-2 2h-1a2 2 0 0 1-2-2v-3a2 2 0 0 1 2-2h3",
      key: "a",
    },
  ],
]);
