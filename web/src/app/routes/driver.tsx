/** The driver route tree (lazy chunk): the driver view of features/driver. */
export { DriverApp as DriverRoot } from "@/features/driver/components/driver-app";
