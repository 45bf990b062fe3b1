/** /contact is a pre-rendered public page: the app hands it to the server (see public-page.tsx). */
export { Component } from './public-page';
