// The public API of @toolwright/ssh. Every export here is public: add to it deliberately.
export {};
