// The production reports' runners by catalogue name (src/shared/reports/catalogue/production.ts).
import type { ReportRunner } from '../runners';
import { bottlingActivity, bottlingLosses } from './bottling';
import { angelsShare, casksFill } from './casks';
import { distillationActivity, itemToSpirit, processPerformance } from './distillation';
import { spiritsActivity, wineActivity } from './ledger';
import { blendingActivity, mashingActivity, wineFermentingActivity } from './records';

export const productionRunners: Record<string, ReportRunner> = {
  DistillationActivity: distillationActivity,
  ProcessPerformance: processPerformance,
  ItemToSpirit: itemToSpirit,
  BlendingActivity: blendingActivity,
  MashingActivity: mashingActivity,
  WineFermentingActivity: wineFermentingActivity,
  BottlingActivity: bottlingActivity,
  BottlingLosses: bottlingLosses,
  SpiritsActivity: spiritsActivity,
  WineActivity: wineActivity,
  CasksFill: casksFill,
  AngelsShare: angelsShare,
};
