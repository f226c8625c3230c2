// Given names and family names for the demo network: varied on purpose (many languages and
// regions), so the map reads like a real professional community. Combined by the seed's PRNG.

export const FIRST_NAMES: readonly string[] = [
  'Aaliyah', 'Aarav', 'Abena', 'Adaeze', 'Adrian', 'Aiko', 'Aisha', 'Alejandro', 'Amara', 'Amelia',
  'Ana', 'Andrei', 'Anika', 'Arjun', 'Astrid', 'Ayumi', 'Benjamin', 'Bianca', 'Camila', 'Carlos',
  'Chen', 'Chidi', 'Chloe', 'Daniel', 'Daniela', 'Darius', 'Deepa', 'Diego', 'Dmitri', 'Elena',
  'Elif', 'Emeka', 'Emily', 'Emma', 'Ethan', 'Fatima', 'Felipe', 'Freya', 'Gabriel', 'Grace',
  'Hana', 'Hannah', 'Hiroshi', 'Ibrahim', 'Imani', 'Ines', 'Isabella', 'Ivan', 'Jamal', 'James',
  'Javier', 'Jia', 'Jin', 'Jonas', 'Jordan', 'Julia', 'Kai', 'Kamala', 'Kavya', 'Kenji',
  'Kwame', 'Layla', 'Leila', 'Liam', 'Lucas', 'Lucia', 'Madison', 'Malik', 'Mariana', 'Marcus',
  'Mateo', 'Maya', 'Mei', 'Mohammed', 'Nadia', 'Naomi', 'Nia', 'Nikhil', 'Noah', 'Nora',
  'Olivia', 'Omar', 'Oscar', 'Priya', 'Rafael', 'Rahul', 'Rania', 'Ravi', 'Rosa', 'Ruth',
  'Samir', 'Samuel', 'Sana', 'Santiago', 'Sara', 'Sebastian', 'Shira', 'Sofia', 'Soo-ah', 'Tariq',
  'Thabo', 'Theo', 'Tomas', 'Valentina', 'Victor', 'Wei', 'Xavier', 'Yara', 'Yusuf', 'Zara',
  'Zoe', 'Akira', 'Beatriz', 'Connor', 'Dalia', 'Esther', 'Farah', 'Gustavo', 'Hugo', 'Ingrid',
  'Jasmine', 'Kofi', 'Lena', 'Mikael', 'Nasrin', 'Paolo', 'Quinn', 'Rohan', 'Sienna', 'Tanvi',
];

export const LAST_NAMES: readonly string[] = [
  'Abara', 'Adeyemi', 'Ahmed', 'Alvarez', 'Anderson', 'Andersson', 'Bakshi', 'Banerjee', 'Becker', 'Bianchi',
  'Brooks', 'Castillo', 'Chang', 'Chen', 'Choi', 'Cohen', 'Costa', 'Cruz', 'Das', 'Delgado',
  'Diallo', 'Dubois', 'Edwards', 'Eriksson', 'Evans', 'Fernandez', 'Fischer', 'Flores', 'Fujita', 'Garcia',
  'Ghosh', 'Gomez', 'Gonzalez', 'Greene', 'Gupta', 'Haddad', 'Hansen', 'Harris', 'Hassan', 'Hernandez',
  'Hoang', 'Hughes', 'Ibrahim', 'Ito', 'Iyer', 'Jackson', 'Jensen', 'Johnson', 'Kapoor', 'Kim',
  'Kowalski', 'Kumar', 'Larsen', 'Lee', 'Lopez', 'Mahmoud', 'Martin', 'Martinez', 'Mehta', 'Mendes',
  'Miller', 'Mitchell', 'Moreau', 'Morales', 'Mukherjee', 'Murphy', 'Nakamura', 'Nguyen', 'Nielsen', 'Novak',
  'Nwosu', 'Obi', 'Okafor', 'Okonkwo', "O'Brien", 'Oliveira', 'Ortiz', 'Owusu', 'Park', 'Patel',
  'Pereira', 'Petrov', 'Phillips', 'Ramirez', 'Rao', 'Reddy', 'Reyes', 'Rivera', 'Robinson', 'Rodriguez',
  'Romano', 'Rossi', 'Sato', 'Schmidt', 'Shah', 'Silva', 'Singh', 'Sokolov', 'Suzuki', 'Tanaka',
  'Taylor', 'Thompson', 'Torres', 'Tran', 'Vargas', 'Wang', 'Washington', 'Watanabe', 'Williams', 'Wong',
  'Wu', 'Yamamoto', 'Yang', 'Yilmaz', 'Zhang', 'Zhou', 'Mensah', 'Asante', 'Kaur', 'Lindqvist',
];
