import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// A warning from the bundler fails the build: the example must build clean, and CI builds it.
export default defineConfig({
  plugins: [react()],
  build: {
    rolldownOptions: {
      onwarn(warning) {
        throw new Error(`vite build warning: ${warning.message}`);
      },
    },
  },
});
