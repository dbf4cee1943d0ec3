import { defineEngineSuite } from "./engines/suite";

defineEngineSuite("firefox");
