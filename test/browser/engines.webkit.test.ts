import { defineEngineSuite } from "./engines/suite";

defineEngineSuite("webkit");
