export { getMoneyPicture } from './get-money-picture.ts';
