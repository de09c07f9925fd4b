// The topics' icons (the `icon` of each help/<locale>/<topic>/_topic.md), imported one by one
// so the panel's chunk carries only these.
import type { ComponentType } from 'react';
import RocketLaunch from '@mui/icons-material/RocketLaunch';
import Factory from '@mui/icons-material/Factory';
import Propane from '@mui/icons-material/Propane';
import Inventory from '@mui/icons-material/Inventory';
import LocalBar from '@mui/icons-material/LocalBar';
import PointOfSale from '@mui/icons-material/PointOfSale';
import ShoppingCart from '@mui/icons-material/ShoppingCart';
import EventNote from '@mui/icons-material/EventNote';
import Assessment from '@mui/icons-material/Assessment';
import Settings from '@mui/icons-material/Settings';
import HelpOutline from '@mui/icons-material/HelpOutline';

const ICONS: Record<string, ComponentType> = {
  RocketLaunch,
  Factory,
  Propane,
  Inventory,
  LocalBar,
  PointOfSale,
  ShoppingCart,
  EventNote,
  Assessment,
  Settings,
};

export const topicIcon = (name: string): ComponentType => ICONS[name] ?? HelpOutline;
