import { icon } from './create-icon';
import SHAPES from './shell-icon-shapes.json';

/** Icons the app shell and the workflow list draw on first paint, kept apart from the rest so they load alone. */
export const PlusIcon = /* @__PURE__ */ icon('PlusIcon', ...SHAPES.PlusIcon);
export const SunIcon = /* @__PURE__ */ icon('SunIcon', ...SHAPES.SunIcon);
export const MoonIcon = /* @__PURE__ */ icon('MoonIcon', ...SHAPES.MoonIcon);
export const MonitorIcon = /* @__PURE__ */ icon('MonitorIcon', ...SHAPES.MonitorIcon);
export const SearchIcon = /* @__PURE__ */ icon('SearchIcon', ...SHAPES.SearchIcon);
export const ArrowLeftIcon = /* @__PURE__ */ icon('ArrowLeftIcon', ...SHAPES.ArrowLeftIcon);
export const RefreshIcon = /* @__PURE__ */ icon('RefreshIcon', ...SHAPES.RefreshIcon);
export const AlertIcon = /* @__PURE__ */ icon('AlertIcon', ...SHAPES.AlertIcon);
export const XCircleIcon = /* @__PURE__ */ icon('XCircleIcon', ...SHAPES.XCircleIcon);
export const LoaderIcon = /* @__PURE__ */ icon('LoaderIcon', ...SHAPES.LoaderIcon);
export const ChevronRightIcon = /* @__PURE__ */ icon('ChevronRightIcon', ...SHAPES.ChevronRightIcon);
export const KeyIcon = /* @__PURE__ */ icon('KeyIcon', ...SHAPES.KeyIcon);
export const WifiOffIcon = /* @__PURE__ */ icon('WifiOffIcon', ...SHAPES.WifiOffIcon);
export const SettingsIcon = /* @__PURE__ */ icon('SettingsIcon', ...SHAPES.SettingsIcon);
export const WorkflowIcon = /* @__PURE__ */ icon('WorkflowIcon', ...SHAPES.WorkflowIcon);
export const SparklesIcon = /* @__PURE__ */ icon('SparklesIcon', ...SHAPES.SparklesIcon);
export const HandIcon = /* @__PURE__ */ icon('HandIcon', ...SHAPES.HandIcon);
