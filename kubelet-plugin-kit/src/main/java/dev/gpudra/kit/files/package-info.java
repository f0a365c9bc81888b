/** Files replaced durably: written beside, fsynced, renamed into place. */
package dev.gpudra.kit.files;
